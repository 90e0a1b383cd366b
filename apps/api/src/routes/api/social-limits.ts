import type { FastifyRequest } from 'fastify';

/**
 * A per-member rate limit for the social routes that reach another person (friend requests,
 * messages): counted by the signed-in user, not the address, so a school behind one address
 * shares nothing, and answered with the route's own text.
 */
export function perUserLimit(groupId: string, max: number, message: string) {
  return {
    max,
    timeWindow: '1 minute',
    groupId,
    // After authentication, so the key is the member (anonymous callers are refused anyway).
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user:${request.userId ?? request.ip}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number }) => ({ statusCode: context.statusCode, message }),
  };
}
