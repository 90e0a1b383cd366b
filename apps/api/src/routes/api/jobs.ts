import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JOB_MESSAGES } from '@vox/contract/schemas';
import { ForbiddenError, NotFoundError } from '../../domain-errors';
import { fromContract } from './from-contract';

/**
 * Background jobs for staff (members-only scope): GET /api/jobs/failures (jobs that failed for
 * good, newest first, with their last error) and GET /api/jobs/{name}/{id} (state, attempts,
 * progress). A feature that shows its own job's progress to a member wraps app.jobs.status() in
 * its own route, under its own access rule.
 */
const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const staffOnly = async (request: { user: { id: string } }) => {
    if (!(await app.hasRole(request.user.id, 'staff'))) throw new ForbiddenError(JOB_MESSAGES.staffOnly);
  };

  app.route({
    ...fromContract('jobFailures', { tags: ['jobs'], summary: 'Background jobs that failed for good (staff)' }),
    preHandler: staffOnly,
    handler: async (request) => ({ failures: await app.jobs.failures(request.query.limit ?? 50) }),
  });

  app.route({
    ...fromContract('jobStatus', { tags: ['jobs'], summary: 'A background job’s state and progress (staff)' }),
    preHandler: staffOnly,
    handler: async (request) => {
      const status = await app.jobs.status(request.params.name, request.params.id);
      if (!status) throw new NotFoundError(JOB_MESSAGES.jobNotFound);
      return status;
    },
  });
};

export default jobRoutes;
