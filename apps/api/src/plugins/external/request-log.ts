import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, written when the answer is sent: method, url, client address,
 * status and time taken. Fastify's default writes two lines per request ("incoming request" and
 * "request completed"); logging was the largest cost of a bare route after the socket writes in
 * the poll benchmark's CPU profile (tools/bench/README.md), and the first line adds nothing the
 * second cannot hold. Everything else Fastify logs (errors, 404s) stays as it was.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {
    // Logged once, on completion.
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
