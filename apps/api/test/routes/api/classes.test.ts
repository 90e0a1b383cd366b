import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, CERTIFICATE_MESSAGES, CLASS_MESSAGES, MESSAGES } from '@vox/contract/schemas';
import { main as admin } from '../../../src/admin/commands';
import { wav } from '../../fixtures/audio';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { balcony, newClientId, openSession, postScript, uploadTake } from './scripts-kit';

/**
 * Classes and assignments on a real database: enrolment from CSV and by
 * email, set-password codes and sign-in by User ID, assignments tied to reading sessions,
 * comments and review with messages, certificates; and privacy, one check per route.
 */
describe('school classes and assignments', () => {
  let app: FastifyInstance;
  let teacher: TestUser;
  let otherTeacher: TestUser;
  let stranger: TestUser;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

  async function named(user: TestUser, name: string) {
    await app.db.updateTable('users').set({ name }).where('id', '=', user.id).execute();
    return user;
  }

  async function makeTeacher(name: string): Promise<TestUser> {
    const user = await named(await createUser(app), name);
    // Staff grant the role with the admin CLI.
    const out: string[] = [];
    const code = await admin(['grant', '--user', user.email, '--role', 'teacher'], { out: (l) => out.push(l), err: (l) => out.push(l), db: app.db });
    expect([code, out.join('\n')]).toEqual([0, expect.stringContaining('teacher')]);
    return user;
  }

  async function newClass(by: TestUser, name = 'Drama 9B') {
    const res = await call(by, 'POST', '/api/school/classes', { name, term: 'Spring 2027', description: 'Reading Shakespeare aloud.' });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  }

  /** Signs in with a User ID and password; answers a TestUser for the account. */
  async function signIn(loginId: string, password: string): Promise<TestUser> {
    const res = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: loginId, password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { id: body.user.id, email: '', password, token: body.token };
  }

  beforeAll(async () => {
    app = await build({ PUBLIC_URL: 'https://voxclub.test' });
    teacher = await makeTeacher('Ms Rivera');
    otherTeacher = await makeTeacher('Mr Okafor');
    stranger = await named(await createUser(app), 'Stranger');
    // A database, migrations and three argon2 hashes: more than the default on a busy machine.
  }, 120_000);
  afterAll(async () => app.close());

  it('lets only teachers create classes; the teacher role comes from staff through the admin CLI', async () => {
    const member = await createUser(app);
    const refused = await call(member, 'POST', '/api/school/classes', { name: 'Mine', term: '', description: '' });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: AUTH_MESSAGES.missingPrivilege }]);
    const noName = await call(teacher, 'POST', '/api/school/classes', { name: '  ', term: '', description: '' });
    expect([noName.statusCode, noName.json()]).toEqual([400, { message: CLASS_MESSAGES.nameMissing }]);
    const created = await call(teacher, 'POST', '/api/school/classes', { name: ' Drama 9A ', term: 'Autumn', description: 'Voices.' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Drama 9A', term: 'Autumn', description: 'Voices.', teaching: true, archived: false, studentCount: 0, students: [], assignments: [] });
    expect(created.json().teacher).toMatchObject({ id: teacher.id, name: 'Ms Rivera' });
    // A teacher with a class is a school user (the seed's rule): User.classes lists it.
    const signedIn = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: teacher.email, password: teacher.password } });
    expect(signedIn.json().user.classes).toContain(created.json().id);
  });

  it('refuses a CSV with any bad row, naming every problem, and creates nothing', async () => {
    const cls = await newClass(teacher);
    await app.db
      .insertInto('users')
      .values({ id: 'takenUser0000001', email: null, login_id: 'taken.one', handle: null, name: 'X', photo: null, bio: null, password_hash: null, ms_oid: null, role: 'member', created_at: new Date().toISOString() })
      .execute();
    const csv = ['name,user id', 'Ana Bell,ana.bell', ',no.name', 'Cy Dunn,x', 'Di Eve,ana.bell', 'Ed Fox,taken.one', 'only one column'].join('\n');
    const res = await call(teacher, 'POST', `/api/school/classes/${cls.id}/students`, { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.split('\n')).toEqual([
      CLASS_MESSAGES.csvRefused(5),
      CLASS_MESSAGES.rowNameMissing(3),
      CLASS_MESSAGES.rowUserIdInvalid(4, 'x'),
      CLASS_MESSAGES.rowDuplicate(5, 'ana.bell', 2),
      CLASS_MESSAGES.rowColumns(7),
      CLASS_MESSAGES.rowTaken(6, 'taken.one'),
    ]);
    expect(await app.db.selectFrom('users').select('id').where('login_id', '=', 'ana.bell').executeTakeFirst()).toBeUndefined();
    expect((await call(teacher, 'GET', `/api/school/classes/${cls.id}`)).json().students).toEqual([]);
    const empty = await call(teacher, 'POST', `/api/school/classes/${cls.id}/students`, { csv: 'name,user id\n\n' });
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: CLASS_MESSAGES.csvEmpty }]);
  });

  it('creates User ID accounts from CSV with one-time codes; a student sets a password with the code and signs in by User ID', async () => {
    const cls = await newClass(teacher);
    const res = await call(teacher, 'POST', `/api/school/classes/${cls.id}/students`, { csv: 'Name;User ID\r\n"Bell, Ana";ana.b\r\nCy Dunn;cy.dunn\r\n' });
    expect(res.statusCode).toBe(201);
    const created = res.json().created as { id: string; name: string; loginId: string; code: string; expiresAt: string }[];
    expect(created.map((s) => [s.name, s.loginId])).toEqual([
      ['Bell, Ana', 'ana.b'],
      ['Cy Dunn', 'cy.dunn'],
    ]);
    for (const s of created) expect(s.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const detail = (await call(teacher, 'GET', `/api/school/classes/${cls.id}`)).json();
    expect(detail.students.map((s: { loginId: string; passwordSet: boolean }) => [s.loginId, s.passwordSet])).toEqual([
      ['ana.b', false],
      ['cy.dunn', false],
    ]);
    // No password yet: signing in fails.
    expect((await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'ana.b', password: 'whatever1' } })).statusCode).toBe(401);

    const setPassword = (userId: string, code: string, password: string) => app.inject({ method: 'POST', url: '/api/school/set-password', payload: { userId, code, password } });
    const wrong = await setPassword('ana.b', 'AAAA-AAAA', 'chosen-pass');
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: CLASS_MESSAGES.codeInvalid }]);
    const short = await setPassword('ana.b', created[0].code, 'abc');
    expect([short.statusCode, short.json()]).toEqual([400, { message: MESSAGES.shortPassword }]);
    // Typed in lower case with spaces: still the code.
    const ok = await setPassword('ana.b', created[0].code.toLowerCase().replace('-', ' '), 'chosen-pass');
    expect([ok.statusCode, ok.json()]).toEqual([200, { message: CLASS_MESSAGES.passwordSet }]);
    const again = await setPassword('ana.b', created[0].code, 'other-pass');
    expect([again.statusCode, again.json()]).toEqual([400, { message: CLASS_MESSAGES.codeInvalid }]);
    const ana = await signIn('ana.b', 'chosen-pass');
    expect(ana.id).toBe(created[0].id);
    const signedIn = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'ana.b', password: 'chosen-pass' } });
    expect(signedIn.json().user.classes).toEqual([cls.id]);

    // A new code for a student who lost theirs: the teacher of the class that created the account only.
    expect((await call(otherTeacher, 'POST', `/api/school/classes/${cls.id}/students/${created[1].id}/code`)).statusCode).toBe(404);
    const fresh = await call(teacher, 'POST', `/api/school/classes/${cls.id}/students/${created[1].id}/code`);
    expect(fresh.statusCode).toBe(201);
    expect((await setPassword('cy.dunn', created[1].code, 'cy-password')).statusCode).toBe(400);
    expect((await setPassword('cy.dunn', fresh.json().student.code, 'cy-password')).statusCode).toBe(200);
  });

  it("counts wrong set-password codes per address: a stranger's guesses do not use up the student's code; the teacher can reissue", async () => {
    const cls = await newClass(teacher, 'Guessing');
    const [dee] = (await call(teacher, 'POST', `/api/school/classes/${cls.id}/students`, { csv: 'Dee Dow,dee.dow' })).json().created as { id: string; code: string }[];
    const from = (remoteAddress: string, code: string) =>
      app.inject({ method: 'POST', url: '/api/school/set-password', remoteAddress, payload: { userId: 'dee.dow', code, password: 'dee-password' } });
    for (let i = 0; i < 5; i++) {
      const wrong = await from('203.0.113.7', 'AAAA-AAAA');
      expect([wrong.statusCode, wrong.json()]).toEqual([400, { message: CLASS_MESSAGES.codeInvalid }]);
    }
    // That address is out of tries for this code, even with the right one.
    const stopped = await from('203.0.113.7', dee.code);
    expect([stopped.statusCode, stopped.json()]).toEqual([429, { message: CLASS_MESSAGES.codeInvalid }]);
    // The student, elsewhere, still sets the password with the code.
    expect((await from('198.51.100.20', dee.code)).statusCode).toBe(200);

    // Many addresses together: a code stops after fifty tries in all; the teacher issues a new one.
    const [eve] = (await call(teacher, 'POST', `/api/school/classes/${cls.id}/students`, { csv: 'Eve Eng,eve.eng' })).json().created as { id: string; code: string }[];
    const eveFrom = (remoteAddress: string, code: string) =>
      app.inject({ method: 'POST', url: '/api/school/set-password', remoteAddress, payload: { userId: 'eve.eng', code, password: 'eve-password' } });
    for (let a = 0; a < 10; a++) for (let i = 0; i < 5; i++) expect((await eveFrom(`192.0.2.${a}`, 'AAAA-AAAA')).statusCode).toBe(400);
    expect((await eveFrom('198.51.100.30', eve.code)).statusCode).toBe(429);
    const fresh = await call(teacher, 'POST', `/api/school/classes/${cls.id}/students/${eve.id}/code`);
    expect(fresh.statusCode).toBe(201);
    expect((await eveFrom('192.0.2.0', fresh.json().student.code)).statusCode).toBe(200);
  });

  it('invites an existing member by email with a message; removes students; archives classes', async () => {
    const cls = await newClass(teacher, 'Radio club');
    const member = await named(await createUser(app), 'Mo Member');
    const bad = await call(teacher, 'POST', `/api/school/classes/${cls.id}/invitations`, { email: 'not-an-email' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: CLASS_MESSAGES.inviteInvalidEmail }]);
    const nobody = await call(teacher, 'POST', `/api/school/classes/${cls.id}/invitations`, { email: 'nobody@example.com' });
    expect([nobody.statusCode, nobody.json()]).toEqual([404, { message: CLASS_MESSAGES.inviteNoMember }]);
    const ok = await call(teacher, 'POST', `/api/school/classes/${cls.id}/invitations`, { email: member.email.toUpperCase() });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().person).toMatchObject({ id: member.id, name: 'Mo Member' });
    const twice = await call(teacher, 'POST', `/api/school/classes/${cls.id}/invitations`, { email: member.email });
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: CLASS_MESSAGES.alreadyInClass }]);
    const messages = (await call(member, 'GET', '/api/notifications')).json();
    expect(messages.items[0]).toMatchObject({ type: 'class_invite', text: 'Ms Rivera added you to the class Radio club. Open it on the school site.' });
    expect(messages.items[0].person).toMatchObject({ id: teacher.id });
    expect((await call(member, 'GET', '/api/school/classes')).json().classes.map((c: { id: string }) => c.id)).toEqual([cls.id]);

    expect((await call(teacher, 'DELETE', `/api/school/classes/${cls.id}/students/${member.id}`)).statusCode).toBe(204);
    const gone = await call(teacher, 'DELETE', `/api/school/classes/${cls.id}/students/${member.id}`);
    expect([gone.statusCode, gone.json()]).toEqual([404, { message: CLASS_MESSAGES.studentNotInClass }]);
    expect((await call(member, 'GET', `/api/school/classes/${cls.id}`)).statusCode).toBe(404);

    const archived = await call(teacher, 'PATCH', `/api/school/classes/${cls.id}`, { archived: true });
    expect(archived.json().archived).toBe(true);
    const closed = await call(teacher, 'POST', `/api/school/classes/${cls.id}/invitations`, { email: member.email });
    expect([closed.statusCode, closed.json()]).toEqual([409, { message: CLASS_MESSAGES.archived }]);
    expect((await call(teacher, 'PATCH', `/api/school/classes/${cls.id}`, { archived: false })).json().archived).toBe(false);
  });

  describe('an assignment on a recorded read, end to end, and who sees what', () => {
    let cls: { id: string };
    let scriptId: string;
    let lines: { romeo1: string; juliet1: string };
    let ana: TestUser;
    let ben: TestUser;
    let cy: TestUser;
    let assignmentId: string;
    let works: { id: string; sessionId: string; role: string; student: { id: string } }[];

    beforeAll(async () => {
      cls = await newClass(teacher, 'Shakespeare aloud');
      const created = (
        await call(teacher, 'POST', `/api/school/classes/${cls.id}/students`, { csv: 'Ana Ames,ana.ames\nBen Bo,ben.bo\nCy Cole,cy.cole' })
      ).json().created as { loginId: string; code: string }[];
      const set = async (i: number) => {
        await app.inject({ method: 'POST', url: '/api/school/set-password', payload: { userId: created[i].loginId, code: created[i].code, password: 'pass-word' } });
        return signIn(created[i].loginId, 'pass-word');
      };
      [ana, ben, cy] = [await set(0), await set(1), await set(2)];
      const script = await postScript(app, teacher, balcony());
      scriptId = script.id;
      const dialogue = script.lines.filter((l) => l.kind === 'dialogue');
      lines = { romeo1: dialogue[0].id, juliet1: dialogue[1].id };
    }, 120_000);

    it('assigns a private script with a role per student (Ana and Ben as a group), each seated in a session with the teacher listening', async () => {
      const due = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const unknownRole = await call(teacher, 'POST', `/api/school/classes/${cls.id}/assignments`, { scriptId, instructions: '', dueAt: due, seats: [{ studentId: ana.id, role: 'Tybalt' }] });
      expect([unknownRole.statusCode, unknownRole.json()]).toEqual([400, { message: CLASS_MESSAGES.unknownRole }]);
      const outsider = await call(teacher, 'POST', `/api/school/classes/${cls.id}/assignments`, { scriptId, instructions: '', dueAt: due, seats: [{ studentId: stranger.id, role: 'Romeo' }] });
      expect([outsider.statusCode, outsider.json()]).toEqual([400, { message: CLASS_MESSAGES.seatUnknownStudent }]);
      const clash = await call(teacher, 'POST', `/api/school/classes/${cls.id}/assignments`, {
        scriptId,
        instructions: '',
        dueAt: due,
        seats: [
          { studentId: ana.id, role: 'Romeo', group: 1 },
          { studentId: ben.id, role: 'Romeo', group: 1 },
        ],
      });
      expect([clash.statusCode, clash.json()]).toEqual([400, { message: CLASS_MESSAGES.roleTakenInGroup }]);
      const noDue = await call(teacher, 'POST', `/api/school/classes/${cls.id}/assignments`, { scriptId, instructions: '', dueAt: 'soon', seats: [{ studentId: ana.id, role: 'Romeo' }] });
      expect([noDue.statusCode, noDue.json()]).toEqual([400, { message: CLASS_MESSAGES.dueInvalid }]);

      const res = await call(teacher, 'POST', `/api/school/classes/${cls.id}/assignments`, {
        scriptId,
        instructions: 'Read slowly; mind the pauses.',
        dueAt: due,
        seats: [
          { studentId: ana.id, role: 'Romeo', group: 1 },
          { studentId: ben.id, role: 'Juliet', group: 1 },
          { studentId: cy.id, role: 'Juliet' },
        ],
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      assignmentId = body.assignment.id;
      expect(body.assignment).toMatchObject({ scriptTitle: 'Romeo and Juliet, II.2', instructions: 'Read slowly; mind the pauses.', counts: { assigned: 3, submitted: 0, returned: 0, complete: 0 }, mine: null });
      works = body.works;
      const byStudent = new Map(works.map((w) => [w.student.id, w]));
      expect(byStudent.get(ana.id)?.sessionId).toBe(byStudent.get(ben.id)?.sessionId);
      expect(byStudent.get(cy.id)?.sessionId).not.toBe(byStudent.get(ana.id)?.sessionId);

      // The group's session: Ana reads Romeo, Ben Juliet, the teacher listens (no role).
      const session = (await call(ana, 'GET', `/api/sessions/${byStudent.get(ana.id)?.sessionId}`)).json();
      const seats = Object.fromEntries(session.participants.map((p: { user: { id: string }; role: string | null }) => [p.user.id, p.role]));
      expect(seats).toEqual({ [ana.id]: 'Romeo', [ben.id]: 'Juliet', [teacher.id]: null });
      // The private script reads for the students through the session.
      expect(session.script.title).toBe('Romeo and Juliet, II.2');
      // Each student got a message.
      const msg = (await call(cy, 'GET', '/api/notifications')).json().items[0];
      expect(msg).toMatchObject({ type: 'assignment', text: 'Ms Rivera assigned you the role of Juliet in Romeo and Juliet, II.2 (Shakespeare aloud).' });
    });

    it('the student records and submits; the teacher comments on a line and a time in the take, returns it, then marks it complete; the student reads the feedback in Messages and on the session', async () => {
      const mine = works.find((w) => w.student.id === cy.id) as (typeof works)[number];
      // Juliet has two lines; none recorded yet, then one (another reader's take would not count).
      const left = async () => (await call(cy, 'GET', `/api/school/sessions/${mine.sessionId}/work`)).json().works[0].linesLeft;
      expect(await left()).toBe(2);
      const take = await uploadTake(app, cy, mine.sessionId, { lineId: lines.juliet1, clientId: newClientId(), durationMs: '1200', audio: { data: wav(8000), type: 'audio/wav', filename: 'take.wav' } });
      expect(take.statusCode).toBe(201);
      const takeId = take.json().id as string;
      expect(await left()).toBe(1);

      const early = await call(teacher, 'POST', `/api/school/work/${mine.id}/review`, { decision: 'complete' });
      expect([early.statusCode, early.json()]).toEqual([409, { message: CLASS_MESSAGES.notSubmitted }]);
      const notHers = await call(ana, 'POST', `/api/school/work/${mine.id}/submit`);
      expect(notHers.statusCode).toBe(404);
      const submitted = await call(cy, 'POST', `/api/school/work/${mine.id}/submit`);
      expect(submitted.json()).toMatchObject({ status: 'submitted', canSubmit: false, canReview: false });
      const twice = await call(cy, 'POST', `/api/school/work/${mine.id}/submit`);
      expect([twice.statusCode, twice.json()]).toEqual([409, { message: CLASS_MESSAGES.alreadySubmitted }]);

      // The teacher's / lists it for review.
      const teacherHome = (await call(teacher, 'GET', '/api/school/home')).json();
      expect(teacherHome.teaching).toBe(true);
      expect(teacherHome.review.map((w: { id: string }) => w.id)).toEqual([mine.id]);

      const empty = await call(teacher, 'POST', `/api/school/work/${mine.id}/comments`, { body: ' ' });
      expect([empty.statusCode, empty.json()]).toEqual([400, { message: CLASS_MESSAGES.commentMissing }]);
      const badLine = await call(teacher, 'POST', `/api/school/work/${mine.id}/comments`, { body: 'x', lineId: 'NoSuchLine' });
      expect([badLine.statusCode, badLine.json()]).toEqual([400, { message: CLASS_MESSAGES.lineNotInScript }]);
      const onLine = await call(teacher, 'POST', `/api/school/work/${mine.id}/comments`, { body: 'Lift the second Romeo.', lineId: lines.juliet1, takeId, atMs: 800 });
      expect(onLine.statusCode).toBe(201);
      expect(onLine.json().comments).toEqual([
        expect.objectContaining({ body: 'Lift the second Romeo.', lineId: lines.juliet1, lineText: 'Ay me!', takeId, atMs: 800, author: expect.objectContaining({ id: teacher.id }) }),
      ]);
      const returned = await call(teacher, 'POST', `/api/school/work/${mine.id}/review`, { decision: 'returned', message: 'One more try, please.' });
      expect(returned.json()).toMatchObject({ status: 'returned' });

      const inbox = (await call(cy, 'GET', '/api/notifications')).json().items;
      expect(inbox.slice(0, 2).map((i: { type: string; text: string }) => [i.type, i.text])).toEqual([
        ['assignment_feedback', 'Romeo and Juliet, II.2 is back with you for another try. One more try, please.'],
        ['assignment_feedback', 'Feedback on Romeo and Juliet, II.2 on "Ay me!": Lift the second Romeo.'],
      ]);
      // On the session: the reader's panel.
      const onSession = (await call(cy, 'GET', `/api/school/sessions/${mine.sessionId}/work`)).json().works;
      expect(onSession).toHaveLength(1);
      expect(onSession[0]).toMatchObject({ status: 'returned', canSubmit: true, canReview: false });
      expect(onSession[0].comments.map((c: { body: string }) => c.body)).toEqual(['Lift the second Romeo.', 'One more try, please.']);
      const studentHome = (await call(cy, 'GET', '/api/school/home')).json();
      expect(studentHome.teaching).toBe(false);
      expect(studentHome.due.map((w: { id: string }) => w.id)).toEqual([mine.id]);
      expect(studentHome.feedback.map((w: { id: string }) => w.id)).toEqual([mine.id]);

      // A certificate needs every assignment complete.
      const tooSoon = await call(teacher, 'POST', `/api/school/classes/${cls.id}/certificates`, { studentId: cy.id });
      expect([tooSoon.statusCode, tooSoon.json()]).toEqual([400, { message: CLASS_MESSAGES.notComplete }]);

      await call(cy, 'POST', `/api/school/work/${mine.id}/submit`);
      const complete = await call(teacher, 'POST', `/api/school/work/${mine.id}/review`, { decision: 'complete' });
      expect(complete.json()).toMatchObject({ status: 'complete', canSubmit: false });
      const after = await call(teacher, 'POST', `/api/school/work/${mine.id}/review`, { decision: 'returned' });
      expect([after.statusCode, after.json()]).toEqual([409, { message: CLASS_MESSAGES.alreadyComplete }]);

      // Not while the teacher has no name to sign it with.
      await app.db.updateTable('users').set({ name: null }).where('id', '=', teacher.id).execute();
      const unsigned = await call(teacher, 'POST', `/api/school/classes/${cls.id}/certificates`, { studentId: cy.id });
      expect([unsigned.statusCode, unsigned.json()]).toEqual([400, { message: CERTIFICATE_MESSAGES.issuerNameMissing }]);
      await app.db.updateTable('users').set({ name: 'Ms Rivera' }).where('id', '=', teacher.id).execute();

      const cert = await call(teacher, 'POST', `/api/school/classes/${cls.id}/certificates`, { studentId: cy.id });
      expect(cert.statusCode).toBe(201);
      expect(cert.json()).toMatchObject({ recipientName: 'Cy Cole', course: 'Shakespeare aloud, Spring 2027', issuerName: 'Ms Rivera', status: 'valid', canRevoke: true });
      const dup = await call(teacher, 'POST', `/api/school/classes/${cls.id}/certificates`, { studentId: cy.id });
      expect([dup.statusCode, dup.json()]).toEqual([409, { message: CLASS_MESSAGES.certificateIssued }]);
      expect((await call(cy, 'GET', '/api/certificates')).json().certificates.map((c: { id: string }) => c.id)).toEqual([cert.json().id]);
      // Anyone verifies; the teacher revokes; the page says revoked.
      expect((await call(null, 'GET', `/api/certificates/${cert.json().id}`)).json().status).toBe('valid');
      expect((await call(otherTeacher, 'POST', `/api/certificates/${cert.json().id}/revoke`)).statusCode).toBe(403);
      expect((await call(teacher, 'POST', `/api/certificates/${cert.json().id}/revoke`)).json().status).toBe('revoked');
      expect((await call(null, 'GET', `/api/certificates/${cert.json().id}`)).json().status).toBe('revoked');
    });

    it('privacy: students see their own work and classmates’ names only; other teachers and strangers see nothing (each route)', async () => {
      const anaWork = works.find((w) => w.student.id === ana.id) as (typeof works)[number];
      const cyWork = works.find((w) => w.student.id === cy.id) as (typeof works)[number];

      // schoolClass: classmates' names, no User IDs; outsiders 404.
      const asStudent = (await call(ana, 'GET', `/api/school/classes/${cls.id}`)).json();
      expect(asStudent.teaching).toBe(false);
      expect(asStudent.students.map((s: { person: { name: string }; loginId: null; passwordSet: null }) => [s.person.name, s.loginId, s.passwordSet])).toEqual([
        ['Ana Ames', null, null],
        ['Ben Bo', null, null],
        ['Cy Cole', null, null],
      ]);
      expect(asStudent.assignments.map((a: { counts: unknown; mine: { role: string } }) => [a.counts, a.mine.role])).toEqual([[null, 'Romeo']]);
      // Cy's certificate is not Ana's to see.
      expect(asStudent.certificates).toEqual([]);
      for (const outsider of [otherTeacher, stranger]) {
        const res = await call(outsider, 'GET', `/api/school/classes/${cls.id}`);
        expect([res.statusCode, res.json()]).toEqual([404, { message: CLASS_MESSAGES.classNotFound }]);
      }
      // classes: mine only.
      expect((await call(stranger, 'GET', '/api/school/classes')).json()).toEqual({ classes: [] });
      expect((await call(otherTeacher, 'GET', '/api/school/classes')).json().classes.map((c: { id: string }) => c.id)).not.toContain(cls.id);
      // schoolHome: nothing of this class for outsiders.
      const strangerHome = (await call(stranger, 'GET', '/api/school/home')).json();
      expect(strangerHome).toEqual({ teaching: false, classes: [], due: [], feedback: [], review: [] });
      expect((await call(otherTeacher, 'GET', '/api/school/home')).json().review).toEqual([]);

      // assignment: the student sees only their own work; outsiders 404.
      const anaView = (await call(ana, 'GET', `/api/school/assignments/${assignmentId}`)).json();
      expect(anaView.works.map((w: { id: string }) => w.id)).toEqual([anaWork.id]);
      expect(anaView.assignment.counts).toBeNull();
      for (const outsider of [otherTeacher, stranger]) expect((await call(outsider, 'GET', `/api/school/assignments/${assignmentId}`)).statusCode).toBe(404);

      // sessionWork: Ben (same group) sees his own work only; Ana cannot see Cy's session's work.
      const benSees = (await call(ben, 'GET', `/api/school/sessions/${anaWork.sessionId}/work`)).json().works;
      expect(benSees.map((w: { student: { id: string } }) => w.student.id)).toEqual([ben.id]);
      expect((await call(ana, 'GET', `/api/school/sessions/${cyWork.sessionId}/work`)).json()).toEqual({ works: [] });
      expect((await call(otherTeacher, 'GET', `/api/school/sessions/${cyWork.sessionId}/work`)).json()).toEqual({ works: [] });
      expect((await call(teacher, 'GET', `/api/school/sessions/${anaWork.sessionId}/work`)).json().works).toHaveLength(2);

      // submitWork / commentOnWork / reviewWork: not the caller's work is not there.
      expect((await call(stranger, 'POST', `/api/school/work/${anaWork.id}/submit`)).statusCode).toBe(404);
      expect((await call(otherTeacher, 'POST', `/api/school/work/${anaWork.id}/comments`, { body: 'Hi' })).statusCode).toBe(404);
      expect((await call(otherTeacher, 'POST', `/api/school/work/${anaWork.id}/review`, { decision: 'complete' })).statusCode).toBe(404);
      // A student holds no teach privilege.
      expect((await call(ana, 'POST', `/api/school/work/${anaWork.id}/comments`, { body: 'Me' })).statusCode).toBe(403);

      // The teacher's calls on the class, by another teacher: 404 (the class does not exist for them).
      const theirs = [
        call(otherTeacher, 'PATCH', `/api/school/classes/${cls.id}`, { archived: true }),
        call(otherTeacher, 'POST', `/api/school/classes/${cls.id}/students`, { csv: 'Zed,zed.zed' }),
        call(otherTeacher, 'POST', `/api/school/classes/${cls.id}/invitations`, { email: stranger.email }),
        call(otherTeacher, 'DELETE', `/api/school/classes/${cls.id}/students/${ana.id}`),
        call(otherTeacher, 'POST', `/api/school/classes/${cls.id}/students/${ana.id}/code`),
        call(otherTeacher, 'POST', `/api/school/classes/${cls.id}/assignments`, { scriptId, instructions: '', dueAt: new Date().toISOString(), seats: [] }),
        call(otherTeacher, 'POST', `/api/school/classes/${cls.id}/certificates`, { studentId: ana.id }),
      ];
      for (const res of await Promise.all(theirs)) expect([res.statusCode, res.json()]).toEqual([404, { message: CLASS_MESSAGES.classNotFound }]);
      expect(await app.db.selectFrom('users').select('id').where('login_id', '=', 'zed.zed').executeTakeFirst()).toBeUndefined();

      // The teacher never sees a student's other sessions, drafts or messages.
      const ownScript = await postScript(app, ana, balcony({ title: 'Ana at home' }));
      const own = await openSession(app, ana, ownScript.id);
      expect(own.id).not.toBe(anaWork.sessionId);
      expect((await call(teacher, 'GET', `/api/sessions/${own.id}`)).statusCode).toBe(404);
      expect((await call(teacher, 'GET', `/api/school/sessions/${own.id}/work`)).json()).toEqual({ works: [] });
      const teacherInbox = (await call(teacher, 'GET', '/api/notifications')).json().items;
      expect(teacherInbox.every((i: { type: string }) => !['assignment', 'assignment_feedback'].includes(i.type))).toBe(true);
      expect((await call(teacher, 'GET', '/api/drafts')).statusCode).toBe(403);

      // A removed student loses the class and its work.
      await call(teacher, 'DELETE', `/api/school/classes/${cls.id}/students/${ben.id}`);
      expect((await call(ben, 'GET', `/api/school/assignments/${assignmentId}`)).statusCode).toBe(404);
      expect((await call(ben, 'GET', `/api/school/sessions/${anaWork.sessionId}/work`)).json()).toEqual({ works: [] });
      expect((await call(ben, 'GET', '/api/school/home')).json().due).toEqual([]);
    });
  });
});
