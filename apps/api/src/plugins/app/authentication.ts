import fp from 'fastify-plugin';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { UnauthorizedError } from '../../domain-errors';
import { every } from './every';
import { loadSecret } from '../../repositories/secrets';

const ACCESS_TOKEN_SECONDS = 15 * 60;
export const MESSAGE_LOGIN_REQUIRED = 'Please log in.';
export const MESSAGE_SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/** The signed-in caller, as the members-only routes see them. */
interface SignedInUser {
  id: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** An access token; with `sessionId` (the refresh-token family) it dies when that session is revoked. */
    signAccessToken: (userId: string, sessionId?: string) => Promise<string>;
    /** Reads sessions revoked since the last look, so their access tokens stop working now. */
    syncRevokedSessions: () => Promise<void>;
  }
  interface FastifyRequest {
    /** The caller's user id from a valid Bearer token; null for anonymous requests. */
    userId: string | null;
    /**
     * The signed-in caller, never null: the members-only scope (routes/api/members-only.ts)
     * answers 401 before a handler runs. Read where nobody is signed in, it throws
     * UnauthorizedError (a 401 "Please log in."), so a route misplaced outside the scope fails
     * closed instead of acting for nobody.
     */
    readonly user: SignedInUser;
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
    new TextEncoder().encode(await loadSecret(app.db, config.dataDir, 'jwtSecret', process.env.JWT_SECRET)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const issuer = 'voxclub';

  app.decorate('signAccessToken', async (userId: string, sessionId?: string) =>
    new SignJWT(sessionId ? { sid: sessionId } : {})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(key),
  );

  // Tokens that passed jwtVerify, until they expire. A tab sends the same token for its whole
  // 15 minutes (the 30-second message poll alone, 30 times), and jose's WebCrypto verification
  // costs more CPU than the poll's query. Only a string identical to a verified token hits; a
  // hit is still checked against the revoked sessions below, so this answers as jwtVerify plus
  // the revocation check would.
  const verified = new Map<string, { sub: string; exp: number; sid: string | undefined }>();
  const VERIFIED_MAX = 10_000;

  // Sessions (refresh-token families) revoked in the last access-token lifetime: sign-out, a
  // password reset, refresh-token reuse. Their access tokens stop working at once on this
  // instance (the revoking code syncs before it answers) and within a second on the others,
  // which read the revocations every second: one indexed query per instance, not per request,
  // so the poll pays one Map lookup. Tokens signed without a session (tests) are not revocable.
  const revoked = new Map<string, number>();
  const REVOKED_KEEP_MS = (ACCESS_TOKEN_SECONDS + 60) * 1000;
  let syncedUntil = new Date(Date.now() - REVOKED_KEEP_MS);
  let syncing: Promise<void> | undefined;
  let inFlight = 0;
  const sync = async () => {
    const now = Date.now();
    // A second of overlap: a revocation committed with a slightly older timestamp is not missed.
    const rows = await app.tokensRepository.revokedSince(new Date(syncedUntil.getTime() - 1000));
    for (const row of rows) revoked.set(row.id, Date.parse(row.revokedAt));
    syncedUntil = new Date(now);
    for (const [id, at] of revoked) if (at < now - REVOKED_KEEP_MS) revoked.delete(id);
  };
  app.decorate('syncRevokedSessions', () => {
    // Calls that overlap share one read; a revoking caller waits for a read that starts after it.
    inFlight++;
    const next = (syncing ?? Promise.resolve())
      .catch(() => undefined)
      .then(sync)
      .finally(() => inFlight--);
    syncing = next;
    return next;
  });
  // A slow database must not pile reads up: skip a beat while one is still running.
  every(app, () => (inFlight > 0 ? undefined : app.syncRevokedSessions()), { what: 'reading revoked sessions', ms: 1000, atStart: 'await' });

  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new UnauthorizedError(MESSAGE_SESSION_EXPIRED);
    const token = match[1];
    const known = verified.get(token);
    if (known && known.exp * 1000 > Date.now()) {
      if (known.sid && revoked.has(known.sid)) throw new UnauthorizedError(MESSAGE_SESSION_EXPIRED);
      request.userId = known.sub;
      return;
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] }));
    } catch {
      verified.delete(token);
      throw new UnauthorizedError(MESSAGE_SESSION_EXPIRED);
    }
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    if (sid && revoked.has(sid)) throw new UnauthorizedError(MESSAGE_SESSION_EXPIRED);
    request.userId = typeof payload.sub === 'string' ? payload.sub : null;
    if (request.userId && typeof payload.exp === 'number') {
      // Oldest first out; Map iterates in insertion order.
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(token, { sub: request.userId, exp: payload.exp, sid });
    }
  });

  // Answers for a signed-in caller are nobody else's: no shared cache or browser history keeps
  // them (token answers say so in auth-sessions). Routes that set their own caching
  // (content-addressed photos and audio) keep it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.userId && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.decorateRequest('user', {
    getter(this: FastifyRequest): SignedInUser {
      if (!this.userId) throw new UnauthorizedError(MESSAGE_LOGIN_REQUIRED);
      return { id: this.userId };
    },
  });
}

export default fp(authentication, { name: 'authentication', dependencies: ['database', 'tokens-repository'] });
