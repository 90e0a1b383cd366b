import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { loadSecret } from './secrets';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const MESSAGE_LOGIN_REQUIRED = 'Please log in.';
export const MESSAGE_SESSION_EXPIRED = 'Your session has expired. Please log in again.';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: answers 401 unless the request carries a valid access token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signAccessToken: (userId: string) => Promise<string>;
  }
  interface FastifyRequest {
    /** The caller's user id from a valid Bearer token; null for anonymous requests. */
    userId: string | null;
  }
}

/**
 * Access tokens: short-lived HS256 JWTs (jose) sent as `Authorization: Bearer`. Every request
 * with a Bearer header is checked up front; a bad or expired token is a 401 even on routes that
 * allow anonymous callers, so the client refreshes instead of silently acting as a stranger.
 */
async function authentication(app: FastifyInstance, { config }: { config: Config }) {
  const key = new TextEncoder().encode(loadSecret(config.dataDir, 'jwtSecret', process.env.JWT_SECRET));
  const issuer = 'voxclub';

  app.decorate('signAccessToken', async (userId: string) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(key),
  );

  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return reply.code(401).send({ message: MESSAGE_SESSION_EXPIRED });
    try {
      const { payload } = await jwtVerify(match[1], key, { issuer, algorithms: ['HS256'] });
      request.userId = typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return reply.code(401).send({ message: MESSAGE_SESSION_EXPIRED });
    }
  });

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.userId) return reply.code(401).send({ message: MESSAGE_LOGIN_REQUIRED });
  });
}

export default fp(authentication, { name: 'authentication' });
