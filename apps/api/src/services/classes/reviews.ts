import { CLASS_MESSAGES, displayName, type Certificate, type CommentInput, type ReviewInput, type Work } from '@vox/contract/schemas';
import { BadRequestError, ConflictError, NotFoundError } from '../../domain-errors';
import { createNotification } from '../../repositories/notifications';
import type { ClassesContext } from './context';

/** The teacher's answer to a student's work: comments, reviews and certificates. */
export interface ReviewsService {
  comment(me: string, workId: string, input: CommentInput): Promise<Work>;
  review(me: string, workId: string, input: ReviewInput): Promise<Work>;
  issueCertificate(me: string, classId: string, studentId: string): Promise<Certificate>;
}

export function reviewsService(ctx: ClassesContext): ReviewsService {
  const { app, taughtClass, teacherWork, oneWork, notifyStudent, db, repo, people, certificatesRepo } = ctx;
  return {
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
  };
}
