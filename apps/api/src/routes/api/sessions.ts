import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';
import { readTakeUpload } from './script-uploads';

/**
 * Reading sessions (members only): a table read, for its participants only. Rules:
 * README-scripts.md; the decisions are in the readingSessions service.
 */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { readingSessions } = app;

  app.route({
    ...fromContract('session'),
    handler: async (request) => readingSessions.detail(request.user.id, request.params.sessionId),
  });

  app.route({
    ...fromContract('claimRole'),
    handler: async (request) => readingSessions.claimRole(request.user.id, request.params.sessionId, request.body.role),
  });

  app.route({
    ...fromContract('uploadTake', {
      description:
        'multipart/form-data: text fields lineId, clientId, durationMs, then the file "audio" (at most 20 MB; WebM, Ogg, MP3, WAV or M4A, recognised from the bytes). 201 for a new take, 200 when this clientId arrived before.',
    }),
    handler: async (request, reply) => {
      const { take, created } = await readingSessions.recordTake(request.user.id, request.params.sessionId, () => readTakeUpload(request));
      return reply.code(created ? 201 : 200).send(take);
    },
  });

  app.route({
    ...fromContract('deleteTake'),
    handler: async (request, reply) => {
      await readingSessions.deleteTake(request.user.id, request.params.sessionId, request.params.takeId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromContract('pickTake'),
    handler: async (request) => readingSessions.pickTake(request.user.id, request.params.sessionId, request.params.takeId),
  });

  app.route({
    ...fromContract('shareLinks'),
    handler: async (request) => readingSessions.shareLinks(request.user.id, request.params.sessionId),
  });

  app.route({
    ...fromContract('createShareLink'),
    handler: async (request, reply) => reply.code(201).send(await readingSessions.createShareLink(request.user.id, request.params.sessionId, request.body?.role)),
  });

  app.route({
    ...fromContract('inviteToSession'),
    handler: async (request, reply) => reply.code(201).send(await readingSessions.invite(request.user.id, request.params.sessionId, request.body)),
  });
};

export default sessionRoutes;
