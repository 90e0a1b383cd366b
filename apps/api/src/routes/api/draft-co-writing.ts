import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/**
 * Co-writing a draft (docs/drafts.md): its stream, its document's changes and the cursors.
 * Signed-in members; the drafts service lets in the draft's owner and the co-writers they
 * invited (404 for anyone else), and the owner's `draft` privilege covers their co-writers.
 */
const draftCoWritingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { drafts } = app;

  app.route({ ...fromContract('draft', { tags: ['drafts'] }), handler: async (request) => drafts.get(request.user.id, request.params.draftId) });

  app.route({
    ...fromContract('draftLive', {
      tags: ['drafts'],
      description:
        'text/event-stream: `hello` (my connection id), `sync` (the whole document), then `update` and `awareness` events, `revoked` when my access ends and `reconnect`; a comment every 15 s. The owner and invited co-writers only (404 otherwise).',
    }),
    handler: async (request, reply) => {
      const raw = reply.raw;
      // Access is checked before anything is written, so a refusal is an ordinary JSON answer.
      const stream = await drafts.live(request.user.id, request.params.draftId, {
        write: (chunk) => {
          if (!raw.headersSent) start();
          raw.write(chunk);
        },
        end: () => raw.end(),
      });
      function start() {
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
      }
      reply.hijack();
      if (!raw.headersSent) start();
      raw.flushHeaders?.();
      request.raw.on('close', () => stream.close());
      raw.on('close', () => stream.close());
    },
  });

  app.route({
    ...fromContract('draftDocUpdate', { tags: ['drafts'], summary: 'A change to the draft’s shared document (a Yjs update)' }),
    handler: async (request) => drafts.applyUpdate(request.user.id, request.params.draftId, request.body),
  });

  app.route({ ...fromContract('draftPeople', { tags: ['drafts'] }), handler: async (request) => drafts.people(request.user.id, request.params.draftId) });
  app.route({
    ...fromContract('inviteToDraft', { tags: ['drafts'], summary: 'The owner invites a friend as editor or commenter' }),
    handler: async (request) => drafts.invite(request.user.id, request.params.draftId, request.body.userId, request.body.role),
  });
  app.route({
    ...fromContract('removeFromDraft', { tags: ['drafts'], summary: 'The owner removes a co-writer; their open editor is cut off' }),
    handler: async (request, reply) => {
      await drafts.removePerson(request.user.id, request.params.draftId, request.params.userId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...fromContract('createDraftInviteLink', { tags: ['drafts'] }),
    handler: async (request, reply) => reply.code(201).send(await drafts.createLink(request.user.id, request.params.draftId, request.body.role)),
  });
  app.route({
    ...fromContract('deleteDraftInviteLink', { tags: ['drafts'] }),
    handler: async (request, reply) => {
      await drafts.deleteLink(request.user.id, request.params.draftId, request.params.token);
      return reply.code(204).send(null);
    },
  });
  app.route({ ...fromContract('joinDraft', { tags: ['drafts'], summary: 'Take an invite link: become a co-writer of its draft' }), handler: async (request) => drafts.join(request.user.id, request.params.token) });

  app.route({
    ...fromContract('draftAwareness', { tags: ['drafts'], summary: 'My cursor and selection, passed on to the others in the draft' }),
    handler: async (request, reply) => {
      await drafts.awareness(request.user.id, request.params.draftId, request.body);
      return reply.code(204).send(null);
    },
  });
};

export default draftCoWritingRoutes;
