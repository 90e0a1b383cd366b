import { timingSafeEqual } from 'node:crypto';
import {
  CLASS_LIMITS,
  CLASS_MESSAGES,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  USER_ID_PATTERN,
  displayName,
  isEmailAddress,
  type ClassDetail,
  type ClassInput,
  type ClassList,
  type ClassStudent,
  type CreatedStudent,
  type CsvEnrolResult,
  type SchoolHome,
  type Work,
} from '@vox/contract/schemas';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '../../domain-errors';
import { createNotification } from '../../repositories/notifications';
import { addMember, insertStudentAccount, type ClassRow, type WorkView } from '../../repositories/classes';
import { SETUP_CODE_TRIES, parseCsv, isHeader, type ClassesContext } from './context';

/** A teacher's classes and their students: lists, enrolment, invitations and set-password codes. */
export interface RostersService {
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
}

export function rostersService(ctx: ClassesContext): RostersService {
  const { app, hashCode, visibleClass, taughtClass, summaries, shapeWorks, detailOf, issueCode, db, repo, people, users, passwords } = ctx;
  return {
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
  };
}
