import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type SignInResult } from '@vox/contract/schemas';
import type { Config } from '../../config';
import type { UserRow } from '../../repositories/users';
import { UnauthorizedError } from '../../domain-errors';
import { every } from '../../plugins/app/every';

const REFRESH_COOKIE = 'vox_refresh';
/** The cookie only travels to the users routes (refresh-token, signOut), not to every API call. */
const REFRESH_COOKIE_PATH = '/api/users';
/**
 * A hint that this browser holds a session, sent with every request (the refresh cookie
 * travels to the users routes only), so an app page can preload what a signed-in visitor most
 * likely sees. It carries no secret and grants nothing: a wrong hint costs preloaded bytes only.
 * It lives and ends with the refresh cookie.
 */
export const SIGNED_IN_HINT_COOKIE = 'vox_signed_in';
const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A rotated token still works this long: parallel tabs refreshing at once must not sign each other out. */
const REUSE_GRACE_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    authSessions: AuthSessions;
  }
}

interface AuthSessions {
  /** Starts a session (a token family) for a user who just signed in: sets the cookie, answers user + access token. */
  start(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<SignInResult>;
  /**
   * Rotates the refresh cookie and answers a fresh access token; null when no cookie came (a
   * visitor who is not signed in: an expected answer, not an error); UnauthorizedError when the
   * cookie cannot be used.
   */
  refresh(request: FastifyRequest, reply: FastifyReply): Promise<SignInResult | null>;
  /** Revokes the cookie's session, if any, and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  revokeAll(userId: string): Promise<void>;
  /**
   * The live session of the request's refresh cookie, read without rotating it (the sign-in
   * handoff asks whether this host holds a sign-in); null when there is none. A token rotated
   * longer ago than the grace period is a copied one: its family is revoked, as refresh does.
   */
  current(request: FastifyRequest): Promise<{ familyId: string; userId: string } | null>;
  /**
   * Gives this host a refresh cookie of its own in an existing session family (the handoff's
   * exchange); false when the family ended meanwhile.
   */
  join(request: FastifyRequest, reply: FastifyReply, familyId: string): Promise<boolean>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

async function authSessions(app: FastifyInstance, { config }: { config: Config }) {
  const { tokensRepository, usersRepository } = app;

  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    // COOKIE_SECURE, or the scheme the request really came over: request.protocol believes a
    // proxy's X-Forwarded-Proto only with TRUST_PROXY. Never the Host header, which any client sets.
    secure: config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure,
    path: REFRESH_COOKIE_PATH,
    // COOKIE_DOMAIN: one cookie for every site under the parent domain; unset: this host only.
    ...(config.cookieDomain && { domain: config.cookieDomain }),
  });

  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string, familyExpiresAt: Date, now: Date) => {
    const maxAge = Math.max(1, Math.floor((familyExpiresAt.getTime() - now.getTime()) / 1000));
    reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(request), maxAge });
    reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...cookieOptions(request), path: '/', maxAge });
  };

  const clearCookie = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
    reply.clearCookie(SIGNED_IN_HINT_COOKIE, { ...cookieOptions(request), path: '/' });
  };

  const answer = async (reply: FastifyReply, user: UserRow, familyId: string): Promise<SignInResult> => {
    // Answers that carry tokens are never stored by any cache.
    reply.header('cache-control', 'no-store');
    return {
      user: await usersRepository.toPublicUser(user),
      // Tied to the session, so revoking the session ends the access token too.
      token: await app.signAccessToken(user.id, familyId),
    };
  };

  const rejected = (request: FastifyRequest, reply: FastifyReply, message: string) => {
    clearCookie(request, reply);
    return new UnauthorizedError(message);
  };

  app.decorate('authSessions', {
    async start(request, reply, user) {
      const now = new Date();
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
      const token = newToken();
      const familyId = await tokensRepository.createFamily({ userId: user.id, tokenHash: hashToken(token), now, expiresAt });
      setCookie(request, reply, token, expiresAt, now);
      return answer(reply, user, familyId);
    },

    async refresh(request, reply) {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) return null;
      const now = new Date();
      const stored = await tokensRepository.find(hashToken(presented));
      if (!stored || stored.familyRevokedAt !== null || stored.familyExpiresAt <= now.toISOString()) {
        throw rejected(request, reply, AUTH_MESSAGES.refreshInvalid);
      }
      const user = await usersRepository.findById(stored.userId);
      if (!user) throw rejected(request, reply, AUTH_MESSAGES.refreshInvalid);

      if (stored.rotatedAt !== null) {
        if (now.getTime() - Date.parse(stored.rotatedAt) <= REUSE_GRACE_MS) {
          // Another tab refreshed with this token a moment ago and holds the new cookie; the
          // browser will send that one next time, so only an access token is needed here.
          return answer(reply, user, stored.familyId);
        }
        // An old token coming back means it was copied: end the whole session for everyone holding it.
        await tokensRepository.revokeFamily(stored.familyId, now);
        await app.syncRevokedSessions();
        request.log.warn({ familyId: stored.familyId, userId: stored.userId }, 'refresh token reuse: session revoked');
        throw rejected(request, reply, AUTH_MESSAGES.refreshInvalid);
      }

      const token = newToken();
      const rotated = await tokensRepository.rotate({
        familyId: stored.familyId,
        oldHash: stored.tokenHash,
        newHash: hashToken(token),
        now,
      });
      // Lost a race with a parallel refresh of the same token: that one set the new cookie.
      if (rotated) setCookie(request, reply, token, new Date(stored.familyExpiresAt), now);
      return answer(reply, user, stored.familyId);
    },

    async end(request, reply) {
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) {
        const stored = await tokensRepository.find(hashToken(presented));
        if (stored) {
          await tokensRepository.revokeFamily(stored.familyId);
          await app.syncRevokedSessions();
        }
      }
      clearCookie(request, reply);
    },

    async current(request) {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) return null;
      const now = new Date();
      const stored = await tokensRepository.find(hashToken(presented));
      if (!stored || stored.familyRevokedAt !== null || stored.familyExpiresAt <= now.toISOString()) return null;
      if (stored.rotatedAt !== null && now.getTime() - Date.parse(stored.rotatedAt) > REUSE_GRACE_MS) {
        await tokensRepository.revokeFamily(stored.familyId, now);
        await app.syncRevokedSessions();
        request.log.warn({ familyId: stored.familyId, userId: stored.userId }, 'refresh token reuse: session revoked');
        return null;
      }
      return { familyId: stored.familyId, userId: stored.userId };
    },

    async join(request, reply, familyId) {
      const now = new Date();
      const token = newToken();
      const family = await tokensRepository.addToFamily({ familyId, tokenHash: hashToken(token), now });
      if (!family) return false;
      setCookie(request, reply, token, new Date(family.expiresAt), now);
      return true;
    },

    async revokeAll(userId) {
      await tokensRepository.revokeAllForUser(userId);
      await app.syncRevokedSessions();
    },
  } satisfies AuthSessions);
  scheduleCleanup(app);
}

/**
 * Housekeeping: ended sessions and old reset codes are deleted a day after they stop mattering,
 * at start and every 6 hours, so the tables stay small. Not on the request path.
 */
function scheduleCleanup(app: FastifyInstance) {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const clean = async () => {
    const now = Date.now();
    await app.tokensRepository.deleteEnded(new Date(now - DAY_MS));
    await app.passwordResetsRepository.deleteCreatedBefore(new Date(now - 2 * DAY_MS));
  };
  every(app, clean, { what: 'cleanup of ended sessions and old reset codes', ms: 6 * 60 * 60 * 1000, atStart: 'start' });
}

export default fp(authSessions, {
  name: 'auth-sessions',
  dependencies: ['cookies', 'authentication', 'tokens-repository', 'users-repository', 'password-resets-repository'],
});
