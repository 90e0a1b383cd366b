import type { Db } from '../db/database';
import type { AssignmentWorkTable, AssignmentsTable, ClassesTable, SetupCodesTable, WorkCommentsTable } from '../db/schema';
import { newId } from '../db/ids';
import { isUniqueViolation } from './db-errors';
import { repositoryPlugin, type Repository } from './repository-plugin';

/** Classes, who is in them, set-password codes, assignments, work and comments. SQL only. */
export type ClassRow = ClassesTable;
type AssignmentRow = AssignmentsTable;
type WorkRow = AssignmentWorkTable;
type CommentRow = WorkCommentsTable;

const now = () => new Date().toISOString();

// --- classes ---

async function insertClass(db: Db, row: Omit<ClassRow, 'id' | 'created_at' | 'archived_at'>): Promise<ClassRow> {
  const created: ClassRow = { ...row, id: newId(), created_at: now(), archived_at: null };
  await db.insertInto('classes').values(created).execute();
  return created;
}

async function findClass(db: Db, classId: string): Promise<ClassRow | undefined> {
  return db.selectFrom('classes').selectAll().where('id', '=', classId).executeTakeFirst();
}

async function setArchived(db: Db, classId: string, archived: boolean): Promise<void> {
  await db.updateTable('classes').set({ archived_at: archived ? now() : null }).where('id', '=', classId).execute();
}

/** The classes a user teaches or is in, newest first. */
async function classesOf(db: Db, userId: string): Promise<ClassRow[]> {
  return db
    .selectFrom('classes as c')
    .selectAll('c')
    .where((eb) =>
      eb.or([eb('c.teacher_id', '=', userId), eb.exists(eb.selectFrom('class_members as m').select('m.user_id').whereRef('m.class_id', '=', 'c.id').where('m.user_id', '=', userId))]),
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .execute();
}

/** Ids of the classes (not archived) each user teaches or is in: the product's User.classes. */
export async function activeClassIds(db: Db, userIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (userIds.length === 0) return out;
  const [taught, joined] = await Promise.all([
    db.selectFrom('classes').select(['id', 'teacher_id as user_id']).where('teacher_id', 'in', userIds).where('archived_at', 'is', null).orderBy('created_at').execute(),
    db
      .selectFrom('class_members as m')
      .innerJoin('classes as c', 'c.id', 'm.class_id')
      .select(['c.id', 'm.user_id'])
      .where('m.user_id', 'in', userIds)
      .where('c.archived_at', 'is', null)
      .orderBy('c.created_at')
      .execute(),
  ]);
  for (const row of [...taught, ...joined]) out.set(row.user_id, [...(out.get(row.user_id) ?? []), row.id]);
  return out;
}

async function studentCounts(db: Db, classIds: string[]): Promise<Map<string, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('class_members')
    .select(['class_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('class_id', 'in', classIds)
    .groupBy('class_id')
    .execute();
  return new Map(rows.map((r) => [r.class_id, Number(r.n)]));
}

async function isMember(db: Db, classId: string, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('class_members').select('user_id').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst());
}

async function listMembers(db: Db, classId: string) {
  return db
    .selectFrom('class_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.handle', 'u.name', 'u.photo', 'u.login_id', 'u.password_hash', 'm.joined_at', 'm.created_account'])
    .where('m.class_id', '=', classId)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/** Adds a member; false when they were in the class already. */
export async function addMember(db: Db, classId: string, userId: string, createdAccount = false): Promise<boolean> {
  try {
    await db.insertInto('class_members').values({ class_id: classId, user_id: userId, joined_at: now(), created_account: createdAccount ? 1 : 0 }).execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

async function removeMember(db: Db, classId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('class_members').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

async function findMembership(db: Db, classId: string, userId: string) {
  return db.selectFrom('class_members').selectAll().where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst();
}

/** Which of these User IDs are already taken (exactly as typed, as sign-in matches them). */
async function takenLoginIds(db: Db, loginIds: string[]): Promise<Set<string>> {
  if (loginIds.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('login_id').where('login_id', 'in', loginIds).execute();
  return new Set(rows.map((r) => r.login_id as string));
}

/** A User ID account with no password and no email, for a class. */
export async function insertStudentAccount(db: Db, { name, loginId }: { name: string; loginId: string }): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({ id, email: null, login_id: loginId, handle: null, name, photo: null, bio: null, password_hash: null, ms_oid: null, role: 'member', created_at: now() })
    .execute();
  return id;
}

// --- set-password codes ---

export async function putSetupCode(db: Db, row: Omit<SetupCodesTable, 'failed_attempts' | 'created_at'>): Promise<void> {
  await db.deleteFrom('setup_codes').where('user_id', '=', row.user_id).execute();
  await db.insertInto('setup_codes').values({ ...row, created_at: now(), failed_attempts: 0 }).execute();
}

async function findSetupCodeByLoginId(db: Db, loginId: string) {
  return db
    .selectFrom('setup_codes as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.code_hash', 's.expires_at', 's.failed_attempts'])
    .where('u.login_id', '=', loginId)
    .executeTakeFirst();
}

/**
 * Counts a try before comparing, for the address it came from and then for the code; false when
 * either has no tries left (or the code is gone). An address out of tries does not touch the code.
 */
async function reserveSetupAttempt(db: Db, userId: string, address: string, limits: { perCode: number; perAddress: number }): Promise<boolean> {
  const code = await db.selectFrom('setup_codes').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (!code) return false;
  await db.insertInto('setup_code_attempts').values({ user_id: userId, address, failed_attempts: 0 }).onConflict((oc) => oc.doNothing()).execute();
  const mine = await db
    .updateTable('setup_code_attempts')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .where('failed_attempts', '<', limits.perAddress)
    .executeTakeFirst();
  if (Number(mine.numUpdatedRows) === 0) return false;
  const all = await db
    .updateTable('setup_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('failed_attempts', '<', limits.perCode)
    .executeTakeFirst();
  return Number(all.numUpdatedRows) > 0;
}

/** Uses the code up; false when another request used it first. */
async function consumeSetupCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const result = await db.deleteFrom('setup_codes').where('user_id', '=', userId).where('code_hash', '=', codeHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// --- assignments and work ---

export async function insertAssignment(db: Db, row: Omit<AssignmentRow, 'id' | 'created_at'>): Promise<AssignmentRow> {
  const created: AssignmentRow = { ...row, id: newId(), created_at: now() };
  await db.insertInto('assignments').values(created).execute();
  return created;
}

export async function insertWork(db: Db, row: Pick<WorkRow, 'assignment_id' | 'student_id' | 'role_name' | 'session_id'>): Promise<WorkRow> {
  const created: WorkRow = { ...row, id: newId(), status: 'assigned', submitted_at: null, reviewed_at: null, updated_at: now() };
  await db.insertInto('assignment_work').values(created).execute();
  return created;
}

/** Seats a participant in a session in a role (null: a listener, as the teacher is). */
export async function addParticipant(db: Db, sessionId: string, userId: string, role: string | null): Promise<void> {
  await db.insertInto('session_participants').values({ session_id: sessionId, user_id: userId, role_name: role, joined_at: now() }).execute();
}

export async function setParticipantRole(db: Db, sessionId: string, userId: string, role: string): Promise<void> {
  await db.updateTable('session_participants').set({ role_name: role }).where('session_id', '=', sessionId).where('user_id', '=', userId).execute();
}

/** Assignments with their class's name and teacher and their script's title. */
const assignmentViews = (db: Db) =>
  db
    .selectFrom('assignments as a')
    .innerJoin('classes as c', 'c.id', 'a.class_id')
    .innerJoin('scripts as s', 's.id', 'a.script_id')
    .selectAll('a')
    .select(['c.name as class_name', 'c.teacher_id', 's.title as script_title']);

export async function findAssignment(db: Db, assignmentId: string) {
  return assignmentViews(db).where('a.id', '=', assignmentId).executeTakeFirst();
}
export type AssignmentView = NonNullable<Awaited<ReturnType<typeof findAssignment>>>;

async function assignmentsOfClass(db: Db, classId: string): Promise<AssignmentView[]> {
  return assignmentViews(db)
    .where('a.class_id', '=', classId)
    .orderBy('a.due_at')
    .orderBy('a.id')
    .execute();
}

function workQuery(db: Db) {
  return db
    .selectFrom('assignment_work as w')
    .innerJoin('assignments as a', 'a.id', 'w.assignment_id')
    .innerJoin('classes as c', 'c.id', 'a.class_id')
    .innerJoin('scripts as s', 's.id', 'a.script_id')
    .selectAll('w')
    .select(['a.class_id', 'a.instructions', 'a.due_at', 'a.script_id', 'c.name as class_name', 'c.teacher_id', 's.title as script_title']);
}
export type WorkView = Awaited<ReturnType<ReturnType<typeof workQuery>['execute']>>[number];

async function findWork(db: Db, workId: string): Promise<WorkView | undefined> {
  return workQuery(db).where('w.id', '=', workId).executeTakeFirst();
}

async function worksOfAssignment(db: Db, assignmentId: string): Promise<WorkView[]> {
  return workQuery(db).where('w.assignment_id', '=', assignmentId).orderBy('w.id').execute();
}

async function worksOfSession(db: Db, sessionId: string): Promise<WorkView[]> {
  return workQuery(db).where('w.session_id', '=', sessionId).orderBy('w.id').execute();
}

/** Per work: dialogue lines of its role (still in the script) with no take of the student's in its session. */
async function linesLeft(db: Db, workIds: string[]): Promise<Map<string, number>> {
  if (workIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('assignment_work as w')
    .innerJoin('reading_sessions as rs', 'rs.id', 'w.session_id')
    .innerJoin('script_lines as l', (join) => join.onRef('l.script_id', '=', 'rs.script_id').onRef('l.role_name', '=', 'w.role_name'))
    .where('w.id', 'in', workIds)
    .where('l.kind', '=', 'dialogue')
    .where('l.retired_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('takes as t').select('t.id').whereRef('t.session_id', '=', 'w.session_id').whereRef('t.line_id', '=', 'l.id').whereRef('t.user_id', '=', 'w.student_id'))),
    )
    .select(({ fn }) => ['w.id', fn.count<number | string>('l.id').as('left')])
    .groupBy('w.id')
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.left)]));
}

/** A student's work in classes they are still in. */
async function worksOfStudent(db: Db, studentId: string): Promise<WorkView[]> {
  return workQuery(db)
    .where('w.student_id', '=', studentId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('class_members as m').select('m.user_id').whereRef('m.class_id', '=', 'a.class_id').where('m.user_id', '=', studentId)),
    )
    .orderBy('a.due_at')
    .orderBy('w.id')
    .execute();
}

/** Submitted work in the classes a teacher teaches (still in the class), oldest first. */
async function worksToReview(db: Db, teacherId: string): Promise<WorkView[]> {
  return workQuery(db)
    .where('c.teacher_id', '=', teacherId)
    .where('c.archived_at', 'is', null)
    .where('w.status', '=', 'submitted')
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('class_members as m').select('m.user_id').whereRef('m.class_id', '=', 'a.class_id').whereRef('m.user_id', '=', 'w.student_id')),
    )
    .orderBy('w.submitted_at')
    .orderBy('w.id')
    .execute();
}

async function workCounts(db: Db, assignmentIds: string[]): Promise<Map<string, Record<WorkRow['status'], number>>> {
  const out = new Map<string, Record<WorkRow['status'], number>>();
  if (assignmentIds.length === 0) return out;
  const rows = await db
    .selectFrom('assignment_work')
    .select(['assignment_id', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('assignment_id', 'in', assignmentIds)
    .groupBy(['assignment_id', 'status'])
    .execute();
  for (const id of assignmentIds) out.set(id, { assigned: 0, submitted: 0, returned: 0, complete: 0 });
  for (const r of rows) (out.get(r.assignment_id) as Record<string, number>)[r.status] = Number(r.n);
  return out;
}

/** Moves work from one of `from` to `to`; false when it was in none of them (someone else moved it). */
async function setWorkStatus(db: Db, workId: string, from: WorkRow['status'][], to: WorkRow['status']): Promise<boolean> {
  const at = now();
  const result = await db
    .updateTable('assignment_work')
    .set({ status: to, updated_at: at, ...(to === 'submitted' ? { submitted_at: at } : { reviewed_at: at }) })
    .where('id', '=', workId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every assignment of the class has this student's work complete (and there is at least one). */
async function completedClass(db: Db, classId: string, studentId: string): Promise<{ assignments: number; complete: number }> {
  const [all, done] = await Promise.all([
    db.selectFrom('assignments').select((eb) => eb.fn.countAll<string | number>().as('n')).where('class_id', '=', classId).executeTakeFirstOrThrow(),
    db
      .selectFrom('assignment_work as w')
      .innerJoin('assignments as a', 'a.id', 'w.assignment_id')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('a.class_id', '=', classId)
      .where('w.student_id', '=', studentId)
      .where('w.status', '=', 'complete')
      .executeTakeFirstOrThrow(),
  ]);
  return { assignments: Number(all.n), complete: Number(done.n) };
}

// --- comments ---

async function insertComment(db: Db, row: Omit<CommentRow, 'id' | 'created_at'>): Promise<void> {
  await db.insertInto('work_comments').values({ ...row, id: newId(), created_at: now() }).execute();
}

async function commentsOf(db: Db, workIds: string[]) {
  if (workIds.length === 0) return [];
  return db
    .selectFrom('work_comments as k')
    .leftJoin('script_lines as l', 'l.id', 'k.line_id')
    .selectAll('k')
    .select('l.text as line_text')
    .where('k.work_id', 'in', workIds)
    .orderBy('k.created_at')
    .orderBy('k.id')
    .execute();
}

async function takeInSession(db: Db, sessionId: string, takeId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('takes').select('id').where('session_id', '=', sessionId).where('id', '=', takeId).executeTakeFirst());
}

async function classCertificates(db: Db, classId: string) {
  return db.selectFrom('certificates').selectAll().where('class_id', '=', classId).orderBy('issued_at', 'desc').orderBy('id').execute();
}

declare module 'fastify' {
  interface FastifyInstance {
    classesRepository: ClassesRepository;
  }
}

const queries = {
  insertClass,
  findClass,
  setArchived,
  classesOf,
  activeClassIds,
  studentCounts,
  isMember,
  listMembers,
  addMember,
  removeMember,
  findMembership,
  takenLoginIds,
  insertStudentAccount,
  putSetupCode,
  findSetupCodeByLoginId,
  reserveSetupAttempt,
  consumeSetupCode,
  insertAssignment,
  insertWork,
  addParticipant,
  setParticipantRole,
  findAssignment,
  assignmentsOfClass,
  findWork,
  worksOfAssignment,
  worksOfSession,
  worksOfStudent,
  linesLeft,
  worksToReview,
  workCounts,
  setWorkStatus,
  completedClass,
  insertComment,
  commentsOf,
  takeInSession,
  classCertificates,
};
type ClassesRepository = Repository<typeof queries>;

export default repositoryPlugin('classesRepository', 'classes-repository', queries);
