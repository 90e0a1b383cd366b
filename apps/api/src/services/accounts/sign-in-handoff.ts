import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { SIGNED_IN_HINT_COOKIE } from './auth-sessions';

/** Carries the state of a handoff this host asked for, to the exchange only, for two minutes. */
const HANDOFF_STATE_COOKIE = 'vox_handoff_state';
/**
 * Set when this host has just asked the hub, with or without a sign-in coming back: the app page
 * does not ask again for this long, so a visitor signed in nowhere costs one round trip a minute
 * of full page loads, never a loop.
 */
const HANDOFF_CHECKED_COOKIE = 'vox_handoff_checked';
const HANDOFF_CHECK_SECONDS = 60;
/**
 * A link followed from another site (a cross-site navigation) asks again once the last check is
 * this old: the member may have signed in there since. Younger, it is the handoff's own way back.
 */
const HANDOFF_RECHECK_AFTER_LINK_MS = 5000;
/** A handoff code is good for one exchange within this time. */
const HANDOFF_CODE_LIFETIME_MS = 60_000;
const STATE_LIFETIME_SECONDS = 120;
const HANDOFF_PATH = '/api/users/handoff';

declare module 'fastify' {
  interface FastifyInstance {
    signInHandoff: SignInHandoff;
  }
}

interface SignInHandoff {
  /** True when the listed sites keep a cookie each and share the sign-in by redirect. */
  readonly enabled: boolean;
  /** The origin that holds the sign-in for the others (the first of SITE_ORIGINS). */
  readonly hub: string | undefined;
  /** scheme://host[:port] of the request, lower-cased (the scheme as TRUST_PROXY allows). */
  originOf(request: FastifyRequest): string;
  isListed(origin: string): boolean;
  /** A path on this host, or a URL on a listed origin; null for anything else (no open redirect). */
  safeReturn(value: string): string | null;
  /** Sets a fresh state cookie and answers the URL of `holder`'s authorize step. */
  begin(request: FastifyRequest, reply: FastifyReply, holder: string, returnTo: string): string;
  /** Whether a navigation to an app page of this host should first ask the hub for its sign-in. */
  shouldAsk(request: FastifyRequest): boolean;
  /**
   * On the host holding the sign-in: a one-time code for `origin` bound to `state`, or null when
   * this host holds no live sign-in.
   */
  issue(request: FastifyRequest, origin: string, state: string): Promise<string | null>;
  /**
   * On the host that asked: checks the state against its cookie, uses the code up and joins the
   * session family with a cookie of this host's own. False when any of it fails.
   */
  exchange(request: FastifyRequest, reply: FastifyReply, code: string | undefined, state: string): Promise<boolean>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function signInHandoff(app: FastifyInstance, { config }: { config: Config }) {
  const listed = new Set(config.siteOrigins);
  const enabled = config.siteOrigins.length > 1 && !config.cookieDomain;
  const hub = config.siteOrigins[0];

  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`.toLowerCase();
  const secure = (request: FastifyRequest) => (config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure);
  const cookieBase = (request: FastifyRequest) => ({ httpOnly: true, sameSite: 'lax' as const, secure: secure(request) });

  const safeReturn = (value: string): string | null => {
    // A path of this host: one leading slash (never //host or /\host, which browsers read as a host).
    if (/^\/(?![/\\])/.test(value)) return value;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    return listed.has(url.origin.toLowerCase()) ? url.href : null;
  };

  app.decorate('signInHandoff', {
    enabled,
    hub,
    originOf,
    isListed: (origin) => listed.has(origin.toLowerCase()),
    safeReturn,

    begin(request, reply, holder, returnTo) {
      const state = randomBytes(32).toString('base64url');
      reply.setCookie(HANDOFF_STATE_COOKIE, state, { ...cookieBase(request), path: HANDOFF_PATH, maxAge: STATE_LIFETIME_SECONDS });
      const query = new URLSearchParams({ origin: originOf(request), state, return: returnTo });
      return `${holder}${HANDOFF_PATH}/authorize?${query}`;
    },

    shouldAsk(request) {
      if (!enabled || !hub) return false;
      const origin = originOf(request);
      if (origin === hub || !listed.has(origin)) return false;
      // A page load, not a script's fetch of it.
      const dest = request.headers['sec-fetch-dest'];
      if (dest !== undefined && dest !== 'document') return false;
      const cookies = request.cookies ?? {};
      if (cookies[SIGNED_IN_HINT_COOKIE]) return false;
      const checkedAt = cookies[HANDOFF_CHECKED_COOKIE] ? parseInt(cookies[HANDOFF_CHECKED_COOKIE], 36) : NaN;
      if (Number.isNaN(checkedAt)) return true;
      const fromAnotherSite = ['cross-site', 'same-site'].includes(String(request.headers['sec-fetch-site']));
      return fromAnotherSite && Date.now() - checkedAt > HANDOFF_RECHECK_AFTER_LINK_MS;
    },

    async issue(request, origin, state) {
      const session = await app.authSessions.current(request);
      if (!session) return null;
      const code = randomBytes(32).toString('base64url');
      const now = new Date();
      await app.tokensRepository.createHandoff({
        codeHash: sha256(code),
        familyId: session.familyId,
        origin: origin.toLowerCase(),
        stateHash: sha256(state),
        now,
        expiresAt: new Date(now.getTime() + HANDOFF_CODE_LIFETIME_MS),
      });
      return code;
    },

    async exchange(request, reply, code, state) {
      const expected = request.cookies[HANDOFF_STATE_COOKIE];
      reply.clearCookie(HANDOFF_STATE_COOKIE, { ...cookieBase(request), path: HANDOFF_PATH });
      // Asked once: the next page load does not go round again, whatever came back.
      reply.setCookie(HANDOFF_CHECKED_COOKIE, Date.now().toString(36), { ...cookieBase(request), path: '/', maxAge: HANDOFF_CHECK_SECONDS });
      if (!code) return false;
      const now = new Date();
      // The code is used up on any try, so a stolen one cannot be tried again with another state.
      const familyId = await app.tokensRepository.takeHandoff({ codeHash: sha256(code), origin: originOf(request), stateHash: sha256(state), now });
      if (!familyId || !expected || expected !== state) {
        request.log.warn({ origin: originOf(request) }, 'sign-in handoff refused');
        return false;
      }
      return app.authSessions.join(request, reply, familyId);
    },
  } satisfies SignInHandoff);
}

export default fp(signInHandoff, { name: 'sign-in-handoff', dependencies: ['cookies', 'auth-sessions', 'tokens-repository'] });
