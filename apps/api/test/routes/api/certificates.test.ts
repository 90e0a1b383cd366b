import type { FastifyInstance } from 'fastify';
import { CERTIFICATE_MESSAGES } from '@vox/contract/schemas';
import { bearer, build, createUser, type TestUser } from '../../helper';

describe('certificates: issue, list mine, verify by id, revoke', () => {
  let app: FastifyInstance;
  let staff: TestUser;
  beforeAll(async () => {
    app = await build({ PUBLIC_URL: 'https://voxclub.test' });
    staff = await createUser(app, { role: 'staff' });
    await app.db.updateTable('users').set({ name: 'Morgan Staff' }).where('id', '=', staff.id).execute();
  });
  afterAll(async () => app.close());

  async function eventWith(attendee: TestUser) {
    const soon = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
    const created = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(staff),
      payload: { title: 'Voice acting weekend', description: '', startsAt: soon(1), endsAt: soon(3), timeZone: 'UTC', place: 'Leeds', capacity: 5 },
    });
    const id = created.json().id as string;
    await app.inject({ method: 'PUT', url: `/api/events/${id}/registration`, headers: bearer(attendee) });
    return id;
  }

  const issue = (by: TestUser, payload: object) => app.inject({ method: 'POST', url: '/api/certificates', headers: bearer(by), payload });
  const get = (id: string, user?: TestUser) => app.inject({ method: 'GET', url: `/api/certificates/${id}`, headers: user ? bearer(user) : {} });

  it('refuses to issue while the issuer has no name of their own (a handle or "Guest" is not a signature)', async () => {
    const nameless = await createUser(app, { role: 'staff', handle: 'desk' });
    const student = await createUser(app);
    await app.db.updateTable('users').set({ name: 'Ada Reader' }).where('id', '=', student.id).execute();
    const eventId = await eventWith(student);
    const refused = await issue(nameless, { recipientId: student.id, eventId });
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'Add your name to your profile first: a certificate carries the name of the person who issues it.' }]);
    expect((await app.inject({ method: 'GET', url: '/api/certificates', headers: bearer(student) })).json().certificates).toEqual([]);
    await app.db.updateTable('users').set({ name: 'Desk Staff' }).where('id', '=', nameless.id).execute();
    const issued = await issue(nameless, { recipientId: student.id, eventId });
    expect([issued.statusCode, issued.json().issuerName]).toEqual([201, 'Desk Staff']);
  });

  it('lets staff issue one for an event the member attended; anyone with the id can verify it; it lists as mine', async () => {
    const student = await createUser(app, { handle: 'sam' });
    await app.db.updateTable('users').set({ name: 'Sam Reader' }).where('id', '=', student.id).execute();
    const eventId = await eventWith(student);

    const res = await issue(staff, { recipientId: student.id, eventId });
    expect(res.statusCode).toBe(201);
    const cert = res.json();
    expect(cert).toMatchObject({ recipientName: 'Sam Reader', course: 'Voice acting weekend', issuerName: 'Morgan Staff', status: 'valid', revokedAt: null, canRevoke: true });
    expect(cert.id).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(cert.verifyUrl).toBe(`https://voxclub.test/certificate/${cert.id}`);

    // Public verification: no sign-in needed, and nothing to revoke for a visitor.
    const anyone = await get(cert.id);
    expect(anyone.statusCode).toBe(200);
    expect(anyone.json()).toMatchObject({ id: cert.id, status: 'valid', canRevoke: false });

    const mine = await app.inject({ method: 'GET', url: '/api/certificates', headers: bearer(student) });
    expect(mine.json().certificates.map((c: { id: string }) => c.id)).toEqual([cert.id]);
    expect(mine.json().certificates[0].canRevoke).toBe(false);
    const someoneElse = await createUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/certificates', headers: bearer(someoneElse) })).json()).toEqual({ certificates: [] });

    const twice = await issue(staff, { recipientId: student.id, eventId });
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: CERTIFICATE_MESSAGES.alreadyIssued }]);
  });

  it('refuses members, strangers to the event, unknown members and a missing course, with their texts', async () => {
    const member = await createUser(app);
    const eventId = await eventWith(member);
    const refused = await issue(member, { recipientId: member.id, eventId });
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: CERTIFICATE_MESSAGES.staffOnly }]);
    const stranger = await createUser(app);
    const notThere = await issue(staff, { recipientId: stranger.id, eventId });
    expect([notThere.statusCode, notThere.json()]).toEqual([400, { message: CERTIFICATE_MESSAGES.notAttended }]);
    const nobody = await issue(staff, { recipientId: 'NoSuchMember', course: 'Diction' });
    expect([nobody.statusCode, nobody.json()]).toEqual([404, { message: CERTIFICATE_MESSAGES.recipientNotFound }]);
    const noCourse = await issue(staff, { recipientId: stranger.id, course: '  ' });
    expect([noCourse.statusCode, noCourse.json()]).toEqual([400, { message: CERTIFICATE_MESSAGES.courseMissing }]);
    const named = await issue(staff, { recipientId: stranger.id, course: 'Diction for radio' });
    expect(named.statusCode).toBe(201);
    expect(named.json().course).toBe('Diction for radio');
  });

  it('names a recipient as others see them: their name, else @handle, else Guest', async () => {
    const handled = await createUser(app, { handle: 'kit' });
    const bare = await createUser(app);
    const named = await issue(staff, { recipientId: handled.id, course: 'Breathing for the stage' });
    const guest = await issue(staff, { recipientId: bare.id, course: 'Breathing for the stage' });
    expect([named.statusCode, named.json().recipientName, guest.statusCode, guest.json().recipientName]).toEqual([201, '@kit', 201, 'Guest']);
  });

  it('answers an unknown or malformed id as not found, revealing nothing', async () => {
    const unknown = await get('AbCdEfGhIjKlMnOpQrStUvWx');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: CERTIFICATE_MESSAGES.notFound }]);
    expect((await get('short')).statusCode).toBe(400);
  });

  it('lets the issuer or staff revoke it, once; the verification then says revoked', async () => {
    const student = await createUser(app);
    const cert = (await issue(staff, { recipientId: student.id, course: 'Cold reading' })).json();
    const byStudent = await app.inject({ method: 'POST', url: `/api/certificates/${cert.id}/revoke`, headers: bearer(student) });
    expect([byStudent.statusCode, byStudent.json()]).toEqual([403, { message: CERTIFICATE_MESSAGES.issuerOnly }]);
    const revoked = await app.inject({ method: 'POST', url: `/api/certificates/${cert.id}/revoke`, headers: bearer(staff) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', canRevoke: false });
    expect(revoked.json().revokedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await get(cert.id)).json()).toMatchObject({ status: 'revoked', course: 'Cold reading' });
    const again = await app.inject({ method: 'POST', url: `/api/certificates/${cert.id}/revoke`, headers: bearer(staff) });
    expect([again.statusCode, again.json()]).toEqual([409, { message: CERTIFICATE_MESSAGES.alreadyRevoked }]);
  });
});
