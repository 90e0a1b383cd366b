import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { FORM_LIMITS, FORM_MESSAGES, FORM_RATE_WINDOW } from '@vox/contract/schemas';
import { fromContract } from './from-contract';

const tags = ['forms'];

/**
 * Per address and form: a person sends a few; a script sending many is stopped before anything
 * is stored or mailed. (With Redis the group's counter is shared by both forms; the in-memory
 * store keeps one per route.)
 */
const formLimit = {
  max: FORM_LIMITS.perWindow,
  timeWindow: FORM_RATE_WINDOW,
  groupId: 'forms',
  keyGenerator: (request: FastifyRequest) => `forms:${request.ip}`,
  errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number }) => ({ statusCode: context.statusCode, message: FORM_MESSAGES.tooManyRequests }),
};

/** The contact and pilot-programme forms (open: visitors send them too). */
export const formRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('submitContact', { tags, summary: 'Send the contact form (stored, mailed to the team, confirmed to the sender)', config: { rateLimit: formLimit } }),
    handler: async (request) => app.forms.contact(request.userId, request.body),
  });

  app.route({
    ...fromContract('submitPilot', { tags, summary: 'Ask to join the pilot program for schools', config: { rateLimit: formLimit } }),
    handler: async (request) => app.forms.pilot(request.userId, request.body),
  });
};

/** Staff read the requests (members-only scope). */
export const staffFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('formRequests', { tags, summary: 'Contact and pilot-programme requests, newest first (staff)' }),
    handler: async (request) => app.forms.list(request.user.id, request.query.kind, request.query.limit ?? 100),
  });
};
