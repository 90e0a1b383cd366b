import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  FORM_MESSAGES,
  contactProblems,
  pilotProblems,
  type ContactInput,
  type FormRequestList,
  type FormSent,
  type PilotInput,
} from '@vox/contract/schemas';
import type { Config } from '../config';
import { BadRequestError, ForbiddenError } from '../domain-errors';
import { confirmationMail, teamMail, type FormLines } from '../mail/form-mails';

declare module 'fastify' {
  interface FastifyInstance {
    forms: FormsService;
  }
}

/**
 * The contact and pilot-programme forms: each request is checked field by field
 * (the contract's texts), stored, mailed to the team (TEAM_EMAIL, reply-to the sender) and
 * confirmed to the sender. A filled-in honeypot is answered as if sent and dropped.
 */
interface FormsService {
  contact(sender: string | null, input: ContactInput): Promise<FormSent>;
  pilot(sender: string | null, input: PilotInput): Promise<FormSent>;
  list(me: string, kind: 'contact' | 'pilot' | undefined, limit: number): Promise<FormRequestList>;
}

const firstProblem = (problems: Record<string, string | undefined>) => Object.values(problems).find(Boolean);

async function forms(app: FastifyInstance, { config }: { config: Config }) {
  const { formsRepository: repo, mailer } = app;

  async function keep(kind: 'contact' | 'pilot', sender: string | null, name: string, email: string, fields: Record<string, string | number | null>, lines: FormLines) {
    const row = await repo.insertRequest({ kind, name, email, fields: JSON.stringify(fields), user_id: sender });
    const reference = `${kind === 'contact' ? 'C' : 'P'}-${row.id.slice(0, 8)}`;
    const teamSubject = kind === 'contact' ? `Contact form: ${String(fields.topic)} from ${name}` : `Pilot program request: ${String(fields.school)}`;
    mailer.sendLater(teamMail(config.teamEmail, teamSubject, email, lines, reference), { mail: `form-${kind}-team`, requestId: row.id });
    const subject = kind === 'contact' ? 'We received your message' : 'We received your pilot program request';
    const next =
      kind === 'contact'
        ? 'Thank you for writing to VoxClub. Your message has reached the team and we answer within two working days.'
        : 'Thank you for your interest in the VoxClub pilot program for schools. The team will be in touch within a week.';
    mailer.sendLater(confirmationMail(email, name, subject, next, lines, reference), { mail: `form-${kind}-confirmation`, requestId: row.id });
  }

  app.decorate('forms', {
    async contact(sender, input) {
      if (input.website) return { message: FORM_MESSAGES.contactSent };
      const fields = { name: input.name.trim(), email: input.email.trim(), topic: input.topic, message: input.message.trim() };
      const problem = firstProblem(contactProblems(fields));
      if (problem) throw new BadRequestError(problem);
      await keep('contact', sender, fields.name, fields.email, { topic: fields.topic, message: fields.message }, [
        ['Name', fields.name],
        ['Email', fields.email],
        ['Topic', fields.topic],
        ['Message', fields.message],
      ]);
      return { message: FORM_MESSAGES.contactSent };
    },

    async pilot(sender, input) {
      if (input.website) return { message: FORM_MESSAGES.pilotSent };
      const fields = {
        name: input.name.trim(),
        email: input.email.trim(),
        school: input.school.trim(),
        role: input.role.trim(),
        students: input.students,
        message: input.message.trim(),
      };
      const problem = firstProblem(pilotProblems(fields));
      if (problem) throw new BadRequestError(problem);
      await keep('pilot', sender, fields.name, fields.email, { school: fields.school, role: fields.role, students: fields.students, message: fields.message }, [
        ['Name', fields.name],
        ['Email', fields.email],
        ['School', fields.school],
        ['Role', fields.role],
        ['Students', fields.students === null ? 'not given' : String(fields.students)],
        ['Message', fields.message || '(none)'],
      ]);
      return { message: FORM_MESSAGES.pilotSent };
    },

    async list(me, kind, limit) {
      if (!(await app.hasRole(me, 'staff'))) throw new ForbiddenError(FORM_MESSAGES.staffOnly);
      const rows = await repo.listRequests(kind, limit);
      return {
        requests: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          name: r.name,
          email: r.email,
          fields: JSON.parse(r.fields) as Record<string, string | number | null>,
          userId: r.user_id,
          createdAt: r.created_at,
        })),
      };
    },
  } satisfies FormsService);
}

export default fp(forms, { name: 'forms', dependencies: ['forms-repository', 'mailer', 'authorization'] });
