import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * One access-log line per request, written when the answer is sent: method, url, client address,
 * status and time taken. Fastify's own request logging writes two lines per request ("incoming
 * request" and "request completed"); logging was the largest cost of a bare route after the
 * socket writes in the poll benchmark's CPU profile, and the second line adds nothing the first
 * cannot hold. Errors are logged where they happen (error handler), as before.
 * Use with `disableRequestLogging: true` on the Fastify instance.
 */
async function requestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

export default fp(requestLog, { name: 'request-log' });
