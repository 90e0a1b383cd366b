import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

const tags = ['profiles'];

/** Public member pages, by id and by handle (anyone may look; the relationship is the viewer's). */
export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('profile', { tags, summary: "A member's profile by id" }),
    handler: async (request) => app.profiles.byId(request.userId, request.params.userId),
  });

  app.route({
    ...fromContract('profileByHandle', { tags, summary: "A member's profile by handle (any case)" }),
    handler: async (request) => app.profiles.byHandle(request.userId, request.params.handle),
  });
};

/** PATCH /api/users/me (members only): my name, handle and bio. The photo is in ./photos.ts. */
export const myProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('updateMyProfile', { tags, summary: 'Edit my name, handle and bio' }),
    handler: async (request) => app.profiles.update(request.user.id, request.body),
  });
};
