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
  // Imported once: handed the raw bytes, jose imports a WebCrypto key again for every token it
  // signs or checks.
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(loadSecret(config.dataDir, 'jwtSecret', process.env.JWT_SECRET)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
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

  // Tokens that passed jwtVerify, until they expire. A tab sends the same token for its whole
  // 15 minutes (the 30-second message poll alone, 30 times), and jose's WebCrypto verification
  // costs more CPU than the poll's query. Only a string identical to a verified token hits, and
  // tokens are stateless (nothing revokes one before `exp`), so this answers as jwtVerify would.
  const verified = new Map<string, { sub: string; exp: number }>();
  const VERIFIED_MAX = 10_000;

  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return reply.code(401).send({ message: MESSAGE_SESSION_EXPIRED });
    const token = match[1];
    const known = verified.get(token);
    if (known && known.exp * 1000 > Date.now()) {
      request.userId = known.sub;
      return;
    }
    try {
      const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] });
      request.userId = typeof payload.sub === 'string' ? payload.sub : null;
      if (request.userId && typeof payload.exp === 'number') {
        // Oldest first out; Map iterates in insertion order.
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, { sub: request.userId, exp: payload.exp });
      }
    } catch {
      verified.delete(token);
      return reply.code(401).send({ message: MESSAGE_SESSION_EXPIRED });
    }
  });

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.userId) return reply.code(401).send({ message: MESSAGE_LOGIN_REQUIRED });
  });
}

export default fp(authentication, { name: 'authentication' });
