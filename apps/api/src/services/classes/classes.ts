import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  CLASS_LIMITS,
  CLASS_MESSAGES,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  SETUP_CODE_ALPHABET,
  SETUP_CODE_DAYS,
  USER_ID_PATTERN,
  displayName,
  isEmailAddress,
  type AssignmentDetail,
  type AssignmentInput,
  type AssignmentSummary,
  type Certificate,
  type ClassDetail,
  type ClassInput,
  type ClassList,
  type ClassStudent,
  type ClassSummary,
  type CommentInput,
  type CreatedStudent,
  type CsvEnrolResult,
  type ReviewInput,
  type SchoolHome,
  type Work,
  type WorkList,
} from '@vox/contract/schemas';
import type { Config } from '../../config';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../domain-errors';
import { createNotification } from '../../repositories/notifications';
import { unknownPerson } from '../../repositories/people';
import {
  addMember,
  addParticipant,
  insertAssignment,
  insertStudentAccount,
  insertWork,
  putSetupCode,
  setParticipantRole,
  type AssignmentView,
  type ClassRow,
  type WorkView,
} from '../../repositories/classes';
import { createSession } from '../../repositories/sessions';
import { loadSecret } from '../../repositories/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    classes: ClassesService;
  }
}

/**
 * Classes and assignments on recorded reads (docs/school.md).
 *
 * Who sees what: a class, its assignments and its students' work exist only for its teacher and
 * its students (404 to anyone else). A student sees their own work and comments and their
 * classmates' names (no User IDs); the teacher sees every student's work in the class, and
 * through the session tied to it the takes of that session only: the teacher is seated in it as
 * a listener, never in a student's other sessions.
 */
export interface ClassesService {
  home(me: string): Promise<SchoolHome>;
  list(me: string): Promise<ClassList>;
  create(me: string, input: ClassInput): Promise<ClassDetail>;
  detail(me: string, classId: string): Promise<ClassDetail>;
  setArchived(me: string, classId: string, archived: boolean): Promise<ClassDetail>;
  /** All rows or none: a list with any problem creates nothing and answers every problem. */
  enrolFromCsv(me: string, classId: string, csv: string): Promise<CsvEnrolResult>;
  invite(me: string, classId: string, email: string): Promise<ClassStudent>;
  remove(me: string, classId: string, userId: string): Promise<void>;
  newSetupCode(me: string, classId: string, userId: string): Promise<CreatedStudent>;
  /** `address`: where the try came from (its wrong tries are counted apart). */
  setPassword(loginId: string, code: string, password: string, address: string): Promise<void>;
  createAssignment(me: string, classId: string, input: AssignmentInput): Promise<AssignmentDetail>;
  assignment(me: string, assignmentId: string): Promise<AssignmentDetail>;
  sessionWork(me: string, sessionId: string): Promise<WorkList>;
  submit(me: string, workId: string): Promise<Work>;
  comment(me: string, workId: string, input: CommentInput): Promise<Work>;
  review(me: string, workId: string, input: ReviewInput): Promise<Work>;
  issueCertificate(me: string, classId: string, studentId: string): Promise<Certificate>;
}

/**
 * Tries at one set-password code: from one address, and from all addresses together. The code
 * has 8 characters of 31 (about 10^12): these bound guessing, and someone who knows a student's
 * User ID uses up their own address's tries, not the student's code. A code out of tries (or
 * lost) is replaced by the teacher (`newSetupCode`).
 */
export const SETUP_CODE_TRIES = { perAddress: 5, perCode: 50 } as const;

/** Splits CSV text into rows of trimmed cells (quotes as RFC 4180; commas, semicolons or tabs). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(',') ? ',' : firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      row.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  row.push(cell.trim());
  rows.push(row);
  return rows;
}

const isHeader = (cells: string[]) => /^(full\s*)?name$/i.test(cells[0] ?? '') && /^(user\s*-?\s*id|login|username)$/i.test((cells[1] ?? '').replace(/_/g, ' '));

function newCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += SETUP_CODE_ALPHABET[randomInt(SETUP_CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
/** What the student types, as the code was made: upper case, no spaces or dashes. */
const normalizeCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

async function classes(app: FastifyInstance, { config }: { config: Config }) {
  const { db, classesRepository: repo, peopleRepository: people, usersRepository: users, passwords, certificatesRepository: certificatesRepo } = app;
  const pepper = await loadSecret(db, config.dataDir, 'setupCodePepper', process.env.SETUP_CODE_PEPPER);
  const hashCode = (userId: string, code: string) => createHmac('sha256', pepper).update(`${userId}\n${normalizeCode(code)}`).digest('hex');

  const classNotFound = () => new NotFoundError(CLASS_MESSAGES.classNotFound);
  const workNotFound = () => new NotFoundError(CLASS_MESSAGES.workNotFound);

  /** The class if I teach it or am in it; else 404. */
  async function visibleClass(me: string, classId: string): Promise<{ row: ClassRow; teaching: boolean }> {
    const row = await repo.findClass(classId);
    if (!row) throw classNotFound();
    if (row.teacher_id === me) return { row, teaching: true };
    if (await repo.isMember(classId, me)) return { row, teaching: false };
    throw classNotFound();
  }

  /** A class I teach; 404 otherwise (someone else's class does not exist for me). */
  async function taughtClass(me: string, classId: string, { active = false } = {}): Promise<ClassRow> {
    const row = await repo.findClass(classId);
    if (!row || row.teacher_id !== me) throw classNotFound();
    if (active && row.archived_at) throw new ConflictError(CLASS_MESSAGES.archived);
    return row;
  }

  async function summaries(rows: ClassRow[], me: string): Promise<ClassSummary[]> {
    const [counts, teachers] = await Promise.all([repo.studentCounts(rows.map((r) => r.id)), people.peopleById(rows.map((r) => r.teacher_id))]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      term: r.term,
      description: r.description,
      teacher: teachers.get(r.teacher_id) ?? unknownPerson(r.teacher_id),
      teaching: r.teacher_id === me,
      archived: r.archived_at !== null,
      studentCount: counts.get(r.id) ?? 0,
      createdAt: r.created_at,
    }));
  }

  async function shapeWorks(rows: WorkView[], me: string): Promise<Work[]> {
    const [comments, left] = await Promise.all([repo.commentsOf(rows.map((w) => w.id)), repo.linesLeft(rows.map((w) => w.id))]);
    const persons = await people.peopleById([...rows.map((w) => w.student_id), ...comments.map((c) => c.author_id ?? '').filter(Boolean)]);
    return rows.map((w) => ({
      id: w.id,
      assignmentId: w.assignment_id,
      classId: w.class_id,
      className: w.class_name,
      scriptTitle: w.script_title,
      instructions: w.instructions,
      dueAt: w.due_at,
      student: persons.get(w.student_id) ?? unknownPerson(w.student_id),
      role: w.role_name,
      sessionId: w.session_id,
      status: w.status,
      submittedAt: w.submitted_at,
      reviewedAt: w.reviewed_at,
      comments: comments
        .filter((c) => c.work_id === w.id)
        .map((c) => ({
          id: c.id,
          author: (c.author_id && persons.get(c.author_id)) || unknownPerson(c.author_id ?? ''),
          body: c.body,
          lineId: c.line_id,
          lineText: c.line_text ?? null,
          takeId: c.take_id,
          atMs: c.at_ms,
          createdAt: c.created_at,
        })),
      canReview: w.teacher_id === me,
      canSubmit: w.student_id === me && (w.status === 'assigned' || w.status === 'returned'),
      linesLeft: left.get(w.id) ?? 0,
    }));
  }

  async function assignmentSummaries(rows: AssignmentView[], me: string, teaching: boolean): Promise<AssignmentSummary[]> {
    const counts = teaching ? await repo.workCounts(rows.map((a) => a.id)) : new Map();
    const mine = teaching ? [] : await repo.worksOfStudent(me);
    return rows.map((a) => {
      const work = mine.find((w) => w.assignment_id === a.id);
      return {
        id: a.id,
        classId: a.class_id,
        className: a.class_name,
        scriptId: a.script_id,
        scriptTitle: a.script_title,
        instructions: a.instructions,
        dueAt: a.due_at,
        createdAt: a.created_at,
        counts: teaching ? (counts.get(a.id) ?? { assigned: 0, submitted: 0, returned: 0, complete: 0 }) : null,
        mine: work ? { workId: work.id, sessionId: work.session_id, role: work.role_name, status: work.status } : null,
      };
    });
  }

  async function detailOf(row: ClassRow, me: string, teaching: boolean): Promise<ClassDetail> {
    const [[summary], members, assignments, certificates] = await Promise.all([
      summaries([row], me),
      repo.listMembers(row.id),
      repo.assignmentsOfClass(row.id),
      repo.classCertificates(row.id),
    ]);
    return {
      ...summary,
      students: members.map((m) => ({
        person: { id: m.id, handle: m.handle, name: m.name, photo: m.photo },
        // Classmates see names only; the User ID and account state are the teacher's.
        loginId: teaching ? m.login_id : null,
        passwordSet: teaching ? m.password_hash !== null : null,
        joinedAt: m.joined_at,
      })),
      assignments: (await assignmentSummaries(assignments, me, teaching)).filter((a) => teaching || a.mine !== null),
      certificates: certificates
        .filter((c) => teaching || c.recipient_id === me)
        .map((c) => ({ id: c.id, recipientId: c.recipient_id, recipientName: c.recipient_name, issuedAt: c.issued_at, status: c.revoked_at ? 'revoked' : 'valid' })),
    };
  }

  async function issueCode(trx: typeof db, userId: string, by: string): Promise<{ code: string; expiresAt: string }> {
    const code = newCode();
    const expiresAt = new Date(Date.now() + SETUP_CODE_DAYS * 86_400_000).toISOString();
    // Through the repository's function with the transaction (one unit with the account).
    await putSetupCode(trx, { user_id: userId, code_hash: hashCode(userId, code), created_by: by, expires_at: expiresAt });
    return { code, expiresAt };
  }

  /** Work the caller may see: the student's own, or any in a class the caller teaches; else 404. */
  async function visibleWork(me: string, workId: string): Promise<WorkView> {
    const work = await repo.findWork(workId);
    if (!work) throw workNotFound();
    if (work.teacher_id === me) return work;
    if (work.student_id === me && (await repo.isMember(work.class_id, me))) return work;
    throw workNotFound();
  }

  async function teacherWork(me: string, workId: string): Promise<WorkView> {
    const work = await repo.findWork(workId);
    if (!work || work.teacher_id !== me) throw workNotFound();
    return work;
  }

  async function oneWork(workId: string, me: string): Promise<Work> {
    const [work] = await shapeWorks([(await repo.findWork(workId)) as WorkView], me);
    return work;
  }

  function notifyStudent(work: WorkView, teacherId: string, text: string) {
    return createNotification(db, { userId: work.student_id, type: 'assignment_feedback', payload: { fromUserId: teacherId, text, workId: work.id, sessionId: work.session_id } });
  }

  app.decorate('classes', {
    async home(me) {
      const rows = (await repo.classesOf(me)).filter((r) => !r.archived_at);
      const teaching = rows.some((r) => r.teacher_id === me) || (await app.rolesRepository.effectivePrivileges([me])).get(me)?.includes('teach') === true;
      const [classList, mine, toReview] = await Promise.all([summaries(rows, me), repo.worksOfStudent(me), repo.worksToReview(me)]);
      const works = await shapeWorks([...mine, ...toReview], me);
      const byId = new Map(works.map((w) => [w.id, w]));
      const pick = (rows: WorkView[]) => rows.map((r) => byId.get(r.id) as Work);
      const activeIds = new Set(rows.map((r) => r.id));
      const myWork = pick(mine.filter((w) => activeIds.has(w.class_id)));
      return {
        teaching,
        classes: classList,
        due: myWork.filter((w) => w.status === 'assigned' || w.status === 'returned'),
        feedback: myWork
          .filter((w) => w.comments.length > 0 || w.status === 'complete' || w.status === 'returned')
          .sort((a, b) => (b.reviewedAt ?? b.submittedAt ?? '').localeCompare(a.reviewedAt ?? a.submittedAt ?? '')),
        review: pick(toReview),
      };
    },

    async list(me) {
      return { classes: await summaries(await repo.classesOf(me), me) };
    },

    async create(me, input) {
      const name = input.name.trim();
      if (!name) throw new BadRequestError(CLASS_MESSAGES.nameMissing);
      const row = await repo.insertClass({ teacher_id: me, name, term: input.term.trim(), description: input.description.trim() });
      return detailOf(row, me, true);
    },

    async detail(me, classId) {
      const { row, teaching } = await visibleClass(me, classId);
      return detailOf(row, me, teaching);
    },

    async setArchived(me, classId, archived) {
      const row = await taughtClass(me, classId);
      await repo.setArchived(row.id, archived);
      return detailOf((await repo.findClass(row.id)) as ClassRow, me, true);
    },

    async enrolFromCsv(me, classId, csv) {
      const row = await taughtClass(me, classId, { active: true });
      const lines = parseCsv(csv)
        .map((cells, i) => ({ cells, number: i + 1 }))
        .filter(({ cells }) => cells.some((c) => c !== ''));
      if (lines.length > 0 && isHeader(lines[0].cells)) lines.shift();
      if (lines.length === 0) throw new BadRequestError(CLASS_MESSAGES.csvEmpty);
      if (lines.length > CLASS_LIMITS.csvRows) throw new BadRequestError(CLASS_MESSAGES.csvTooMany);
      const problems: string[] = [];
      const firstRowOf = new Map<string, number>();
      const wanted: { name: string; loginId: string; number: number }[] = [];
      for (const { cells, number } of lines) {
        const filled = cells.filter((c, i) => c !== '' || i < 2);
        if (filled.length !== 2) {
          problems.push(CLASS_MESSAGES.rowColumns(number));
          continue;
        }
        const [name, loginId] = cells;
        let ok = true;
        if (!name) {
          problems.push(CLASS_MESSAGES.rowNameMissing(number));
          ok = false;
        } else if (name.length > CLASS_LIMITS.studentName) {
          problems.push(CLASS_MESSAGES.rowNameLong(number));
          ok = false;
        }
        if (!USER_ID_PATTERN.test(loginId)) {
          problems.push(CLASS_MESSAGES.rowUserIdInvalid(number, loginId));
          continue;
        }
        const key = loginId.toLowerCase();
        const first = firstRowOf.get(key);
        if (first !== undefined) {
          problems.push(CLASS_MESSAGES.rowDuplicate(number, loginId, first));
          continue;
        }
        firstRowOf.set(key, number);
        if (ok) wanted.push({ name, loginId, number });
      }
      const taken = await repo.takenLoginIds(wanted.map((w) => w.loginId));
      for (const w of wanted) if (taken.has(w.loginId)) problems.push(CLASS_MESSAGES.rowTaken(w.number, w.loginId));
      if (problems.length > 0) {
        const rowsWithProblems = new Set(problems.map((p) => p.match(/^Row (\d+)/)?.[1])).size;
        throw new BadRequestError([CLASS_MESSAGES.csvRefused(rowsWithProblems), ...problems].join('\n'));
      }
      try {
        const created = await db.transaction().execute(async (trx) => {
          const out: CreatedStudent[] = [];
          for (const w of wanted) {
            const id = await insertStudentAccount(trx, { name: w.name, loginId: w.loginId });
            await addMember(trx, row.id, id, true);
            out.push({ id, name: w.name, loginId: w.loginId, ...(await issueCode(trx, id, me)) });
          }
          return out;
        });
        return { created };
      } catch (err) {
        // Someone took one of the User IDs between the check and the insert: nothing was created.
        const again = await repo.takenLoginIds(wanted.map((w) => w.loginId));
        const clash = wanted.filter((w) => again.has(w.loginId));
        if (clash.length === 0) throw err;
        throw new BadRequestError([CLASS_MESSAGES.csvRefused(clash.length), ...clash.map((w) => CLASS_MESSAGES.rowTaken(w.number, w.loginId))].join('\n'));
      }
    },

    async invite(me, classId, emailIn) {
      const row = await taughtClass(me, classId, { active: true });
      const email = emailIn.trim();
      if (!isEmailAddress(email)) throw new BadRequestError(CLASS_MESSAGES.inviteInvalidEmail);
      const user = await users.findByEmail(email);
      if (!user) throw new NotFoundError(CLASS_MESSAGES.inviteNoMember);
      if (user.id === me) throw new BadRequestError(CLASS_MESSAGES.cannotInviteSelf);
      if (!(await repo.addMember(row.id, user.id))) throw new ConflictError(CLASS_MESSAGES.alreadyInClass);
      const teacherName = displayName((await people.peopleById([me])).get(me) ?? { name: null, handle: null });
      await createNotification(db, {
        userId: user.id,
        type: 'class_invite',
        payload: { fromUserId: me, classId: row.id, text: `${teacherName} added you to the class ${row.name}. Open it on the school site.` },
      });
      const membership = await repo.findMembership(row.id, user.id);
      return {
        person: { id: user.id, handle: user.handle, name: user.name, photo: user.photo },
        loginId: user.login_id,
        passwordSet: user.password_hash !== null,
        joinedAt: membership?.joined_at ?? new Date().toISOString(),
      };
    },

    async remove(me, classId, userId) {
      const row = await taughtClass(me, classId);
      if (!(await repo.removeMember(row.id, userId))) throw new NotFoundError(CLASS_MESSAGES.studentNotInClass);
    },

    async newSetupCode(me, classId, userId) {
      const row = await taughtClass(me, classId, { active: true });
      const membership = await repo.findMembership(row.id, userId);
      // Only for accounts this class created: a member's own account is theirs to look after.
      if (!membership || !membership.created_account) throw new NotFoundError(CLASS_MESSAGES.studentNotInClass);
      const user = await users.findById(userId);
      if (!user?.login_id) throw new NotFoundError(CLASS_MESSAGES.studentNotInClass);
      const issued = await issueCode(db, userId, me);
      return { id: userId, name: user.name ?? '', loginId: user.login_id, ...issued };
    },

    async setPassword(loginId, code, password, address) {
      if (password.trim().length < PASSWORD_MIN_LENGTH) throw new BadRequestError(MESSAGES.shortPassword);
      const invalid = () => new BadRequestError(CLASS_MESSAGES.codeInvalid);
      const row = await repo.findSetupCodeByLoginId(loginId.trim());
      if (!row || Date.parse(row.expires_at) <= Date.now()) throw invalid();
      if (!(await repo.reserveSetupAttempt(row.user_id, address, SETUP_CODE_TRIES))) throw new TooManyRequestsError(CLASS_MESSAGES.codeInvalid);
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(hashCode(row.user_id, code), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
      if (!(await repo.consumeSetupCode(row.user_id, row.code_hash))) throw invalid();
      // The login form trims the password it sends; store what it will send.
      await users.setPasswordHash(row.user_id, await passwords.hash(password.trim()));
    },

    async createAssignment(me, classId, input) {
      const row = await taughtClass(me, classId, { active: true });
      const script = await app.scriptsRepository.findReadableScript(input.scriptId, me);
      if (!script) throw new BadRequestError(CLASS_MESSAGES.scriptNotFound);
      const due = Date.parse(input.dueAt);
      if (!input.dueAt.trim() || !Number.isFinite(due)) throw new BadRequestError(CLASS_MESSAGES.dueInvalid);
      if (input.seats.length === 0) throw new BadRequestError(CLASS_MESSAGES.noSeats);
      const roles = await app.scriptsRepository.scriptRoleNames(script.id);
      const members = new Set((await repo.listMembers(row.id)).map((m) => m.id));
      const seen = new Set<string>();
      const groups = new Map<string, { studentId: string; role: string }[]>();
      for (const seat of input.seats) {
        if (!members.has(seat.studentId)) throw new BadRequestError(CLASS_MESSAGES.seatUnknownStudent);
        if (seen.has(seat.studentId)) throw new BadRequestError(CLASS_MESSAGES.seatTwice);
        seen.add(seat.studentId);
        if (!roles.includes(seat.role)) throw new BadRequestError(CLASS_MESSAGES.unknownRole);
        // No group: a session of one's own.
        const key = seat.group === undefined ? `solo:${seat.studentId}` : `group:${seat.group}`;
        const group = groups.get(key) ?? [];
        if (group.some((s) => s.role === seat.role)) throw new BadRequestError(CLASS_MESSAGES.roleTakenInGroup);
        group.push(seat);
        groups.set(key, group);
      }
      const assignmentId = await db.transaction().execute(async (trx) => {
        const assignment = await insertAssignment(trx, {
          class_id: row.id,
          script_id: script.id,
          instructions: input.instructions.trim(),
          due_at: new Date(due).toISOString(),
          created_by: me,
        });
        for (const group of groups.values()) {
          // The first student starts the session; the others and the teacher (a listener) join it.
          const [first, ...rest] = group;
          const sessionId = await createSession(trx, script.id, first.studentId);
          await setParticipantRole(trx, sessionId, first.studentId, first.role);
          for (const seat of rest) await addParticipant(trx, sessionId, seat.studentId, seat.role);
          await addParticipant(trx, sessionId, me, null);
          for (const seat of group) await insertWork(trx, { assignment_id: assignment.id, student_id: seat.studentId, role_name: seat.role, session_id: sessionId });
        }
        return assignment.id;
      });
      const teacherName = displayName((await people.peopleById([me])).get(me) ?? { name: null, handle: null });
      for (const seat of input.seats) {
        await createNotification(db, {
          userId: seat.studentId,
          type: 'assignment',
          payload: { fromUserId: me, text: `${teacherName} assigned you the role of ${seat.role} in ${script.title} (${row.name}).`, assignmentId },
        });
      }
      return this.assignment(me, assignmentId);
    },

    async assignment(me, assignmentId) {
      const a = await repo.findAssignment(assignmentId);
      if (!a) throw new NotFoundError(CLASS_MESSAGES.assignmentNotFound);
      const teaching = a.teacher_id === me;
      if (!teaching && !(await repo.isMember(a.class_id, me))) throw new NotFoundError(CLASS_MESSAGES.assignmentNotFound);
      const works = (await repo.worksOfAssignment(a.id)).filter((w) => teaching || w.student_id === me);
      if (!teaching && works.length === 0) throw new NotFoundError(CLASS_MESSAGES.assignmentNotFound);
      const [summary] = await assignmentSummaries([a], me, teaching);
      // By student name, as the class list is.
      const shaped = (await shapeWorks(works, me)).sort((x, y) => displayName(x.student).localeCompare(displayName(y.student)));
      return { assignment: summary, works: shaped };
    },

    async sessionWork(me, sessionId) {
      // Not tied to an assignment, or not mine to see: an empty list (the reader shows nothing).
      const rows = (await repo.worksOfSession(sessionId)).filter((w) => w.teacher_id === me || w.student_id === me);
      const visible: WorkView[] = [];
      for (const w of rows) if (w.teacher_id === me || (await repo.isMember(w.class_id, me))) visible.push(w);
      return { works: await shapeWorks(visible, me) };
    },

    async submit(me, workId) {
      const work = await visibleWork(me, workId);
      if (work.student_id !== me) throw new ForbiddenError(CLASS_MESSAGES.notYourWork);
      if (work.status === 'complete') throw new ConflictError(CLASS_MESSAGES.alreadyComplete);
      if (!(await repo.setWorkStatus(work.id, ['assigned', 'returned'], 'submitted'))) throw new ConflictError(CLASS_MESSAGES.alreadySubmitted);
      return oneWork(work.id, me);
    },

    async comment(me, workId, input) {
      const work = await teacherWork(me, workId);
      const body = input.body.trim();
      if (!body) throw new BadRequestError(CLASS_MESSAGES.commentMissing);
      const lineId = input.lineId ?? null;
      let lineText: string | null = null;
      if (lineId) {
        const line = await app.scriptsRepository.findLine(work.script_id, lineId);
        if (!line) throw new BadRequestError(CLASS_MESSAGES.lineNotInScript);
        lineText = line.text;
      }
      const takeId = input.takeId ?? null;
      if (takeId && !(await repo.takeInSession(work.session_id, takeId))) throw new BadRequestError(CLASS_MESSAGES.takeNotInSession);
      await repo.insertComment({ work_id: work.id, author_id: me, line_id: lineId, take_id: takeId, at_ms: takeId ? (input.atMs ?? null) : null, body });
      const where = lineText ? ` on "${lineText.length > 60 ? `${lineText.slice(0, 57)}...` : lineText}"` : '';
      await notifyStudent(work, me, `Feedback on ${work.script_title}${where}: ${body}`);
      return oneWork(work.id, me);
    },

    async review(me, workId, input) {
      const work = await teacherWork(me, workId);
      if (work.status === 'complete') throw new ConflictError(CLASS_MESSAGES.alreadyComplete);
      if (!(await repo.setWorkStatus(work.id, ['submitted'], input.decision))) throw new ConflictError(CLASS_MESSAGES.notSubmitted);
      const message = input.message?.trim();
      if (message) await repo.insertComment({ work_id: work.id, author_id: me, line_id: null, take_id: null, at_ms: null, body: message });
      const verdict = input.decision === 'complete' ? `${work.script_title} is complete.` : `${work.script_title} is back with you for another try.`;
      await notifyStudent(work, me, message ? `${verdict} ${message}` : verdict);
      return oneWork(work.id, me);
    },

    async issueCertificate(me, classId, studentId) {
      const row = await taughtClass(me, classId);
      if (!(await repo.isMember(row.id, studentId))) throw new NotFoundError(CLASS_MESSAGES.studentNotInClass);
      const { assignments, complete } = await repo.completedClass(row.id, studentId);
      if (assignments === 0) throw new BadRequestError(CLASS_MESSAGES.noAssignments);
      if (complete < assignments) throw new BadRequestError(CLASS_MESSAGES.notComplete);
      const issuer = await app.certificates.issuerName(me);
      const persons = await people.peopleById([studentId, me]);
      const inserted = await certificatesRepo.insertCertificate({
        recipient_id: studentId,
        recipient_name: displayName(persons.get(studentId) ?? { name: null, handle: null }),
        course: row.term ? `${row.name}, ${row.term}` : row.name,
        event_id: null,
        class_id: row.id,
        issuer_id: me,
        issuer_name: issuer,
      });
      if (inserted === 'duplicate') throw new ConflictError(CLASS_MESSAGES.certificateIssued);
      await createNotification(db, {
        userId: studentId,
        type: 'certificate',
        payload: { fromUserId: me, text: `You have a certificate for ${inserted.course}. Find it under Certificates.`, certificateId: inserted.id },
      });
      return app.certificates.get(me, inserted.id);
    },
  } satisfies ClassesService);
}

export default fp(classes, {
  name: 'classes',
  dependencies: ['database', 'classes-repository', 'people-repository', 'users-repository', 'password-hashing', 'certificates', 'certificates-repository', 'scripts-repository', 'authorization'],
});
