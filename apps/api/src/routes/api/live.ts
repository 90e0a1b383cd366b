import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/**
 * Live table reads (docs/live.md): the server-sent event stream of a session and the
 * presence call. Access and events are the liveSessions service's.
 */
const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { liveSessions } = app;

  app.route({
    ...fromContract('liveSession', {
      description:
        'text/event-stream: `hello` (my connection id), then `presence`, `changed`, `notice`, `revoked` and `reconnect` events, each one LiveEvent as JSON; a comment every 15 s. Participants only (404 otherwise); 403 when the share link that let me in was revoked.',
    }),
    handler: async (request, reply) => {
      const raw = reply.raw;
      // Access is checked before anything is written, so a refusal is an ordinary JSON answer.
      const stream = await liveSessions.connect(request.user.id, request.params.sessionId, {
        write: (chunk) => {
          if (!raw.headersSent) start();
          raw.write(chunk);
        },
        end: () => raw.end(),
      });
      function start() {
        // Headers set by hooks (security headers, CORS) go out too; nothing compresses or buffers the stream.
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
    ...fromContract('livePresence'),
    handler: async (request, reply) => {
      await liveSessions.setRecording(request.user.id, request.params.sessionId, request.body.connectionId, request.body.recordingLineId);
      return reply.code(204).send(null);
    },
  });
};

export default liveRoutes;
