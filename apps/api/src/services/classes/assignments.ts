import { CLASS_MESSAGES, displayName, type AssignmentDetail, type AssignmentInput, type Work, type WorkList } from '@vox/contract/schemas';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import { createNotification } from '../../repositories/notifications';
import { addParticipant, insertAssignment, insertWork, setParticipantRole, type WorkView } from '../../repositories/classes';
import { createSession } from '../../repositories/sessions';
import type { ClassesContext } from './context';

/** Assignments and each student's work on them. */
export interface AssignmentsService {
  createAssignment(me: string, classId: string, input: AssignmentInput): Promise<AssignmentDetail>;
  assignment(me: string, assignmentId: string): Promise<AssignmentDetail>;
  sessionWork(me: string, sessionId: string): Promise<WorkList>;
  submit(me: string, workId: string): Promise<Work>;
}

export function assignmentsService(ctx: ClassesContext): AssignmentsService {
  const { app, taughtClass, shapeWorks, assignmentSummaries, visibleWork, oneWork, db, repo, people } = ctx;
  const assignments: AssignmentsService = {
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
      return assignments.assignment(me, assignmentId);
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
  };
  return assignments;
}
