import { createHmac, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  CLASS_MESSAGES,
  SETUP_CODE_ALPHABET,
  SETUP_CODE_DAYS,
  type AssignmentSummary,
  type ClassDetail,
  type ClassSummary,
  type Work,
} from '@vox/contract/schemas';
import type { Config } from '../../config';
import { ConflictError, NotFoundError } from '../../domain-errors';
import { createNotification } from '../../repositories/notifications';
import { unknownPerson } from '../../repositories/people';
import { putSetupCode, type AssignmentView, type ClassRow, type WorkView } from '../../repositories/classes';
import { loadSecret } from '../../repositories/secrets';


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

export const isHeader = (cells: string[]) => /^(full\s*)?name$/i.test(cells[0] ?? '') && /^(user\s*-?\s*id|login|username)$/i.test((cells[1] ?? '').replace(/_/g, ' '));

function newCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += SETUP_CODE_ALPHABET[randomInt(SETUP_CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
/** What the student types, as the code was made: upper case, no spaces or dashes. */
const normalizeCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** What every part of the classes service shares: the repositories, the set-password codes, the answer shapes and the access checks. */
export async function createClassesContext(app: FastifyInstance, config: Config) {
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

  return { app, pepper, hashCode, classNotFound, workNotFound, visibleClass, taughtClass, summaries, shapeWorks, assignmentSummaries, detailOf, issueCode, visibleWork, teacherWork, oneWork, notifyStudent, db, repo, people, users, passwords, certificatesRepo };
}

export type ClassesContext = Awaited<ReturnType<typeof createClassesContext>>;
