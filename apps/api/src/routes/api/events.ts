import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EVENT_MESSAGES } from '@vox/contract/schemas';
import { fromContract } from './from-contract';
import { perUserLimit } from './social-limits';

const tags = ['events'];

/** Events anyone may read; a signed-in caller also sees their own registration. */
export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('events', { tags, summary: 'Upcoming events, soonest first, or the archive (when=past)' }),
    handler: async (request) => app.events.list(request.userId, request.query.when ?? 'upcoming'),
  });

  app.route({
    ...fromContract('event', { tags, summary: 'One event, with the seats left and my registration' }),
    handler: async (request) => app.events.get(request.userId, request.params.eventId),
  });
};

/** Registering, cancelling, and the staff calls (members-only scope). */
export const memberEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('createEvent', { tags, summary: 'Create an event (staff)' }),
    handler: async (request, reply) => reply.code(201).send(await app.events.create(request.user.id, request.body)),
  });

  app.route({
    ...fromContract('registerForEvent', {
      tags,
      summary: 'Register: a seat while one is left, else the waiting list; registering again changes nothing',
      config: { rateLimit: perUserLimit('event-registrations', 30, EVENT_MESSAGES.tooManyRequests) },
    }),
    handler: async (request) => app.events.register(request.user.id, request.params.eventId),
  });

  app.route({
    ...fromContract('cancelEventRegistration', { tags, summary: 'Cancel my registration; a freed seat goes to the first on the waiting list' }),
    handler: async (request) => app.events.cancel(request.user.id, request.params.eventId),
  });

  app.route({
    ...fromContract('eventAttendees', { tags, summary: 'Who has a seat and who waits (staff)' }),
    handler: async (request) => app.events.attendees(request.user.id, request.params.eventId),
  });
};
