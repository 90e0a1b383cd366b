import fp from 'fastify-plugin';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, type PublicConfig } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { ServiceUnavailableError, UnauthorizedError } from '../../domain-errors';

const DEFAULT_MS_AUTHORITY = 'https://login.microsoftonline.com/common/v2.0';

declare module 'fastify' {
  interface FastifyInstance {
    microsoft: MicrosoftSignIn;
  }
}

export interface MicrosoftIdentity {
  oid: string;
  tid: string;
  name: string | null;
  /** An email Microsoft vouches for, or null (see verifiedEmail). */
  email: string | null;
}

interface MicrosoftSignIn {
  readonly clientId: string | null;
  readonly authority: string | null;
  /** Verifies a Microsoft ID token; throws UnauthorizedError / ServiceUnavailableError with a text for the user. */
  verifyIdToken(idToken: string): Promise<MicrosoftIdentity>;
}

interface OpenIdMetadata {
  issuer: string;
  jwks_uri: string;
}

const looksLikeEmail = (value: unknown): value is string => typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * Which email in the token may be trusted to link an existing account. `preferred_username` is
 * the account's sign-in name (a UPN on a domain the tenant verified, or a Microsoft account's
 * address). The `email` claim can be set freely by any tenant's admin (the "nOAuth" problem),
 * so it only counts when Microsoft marks its domain as verified (xms_edov) or it is email_verified.
 */
/**
 * The settings the web client needs at run time (GET /api/config/public, and inline in the app
 * page: apps/api/src/plugins/external/web-apps.ts), so one build runs against any deployment.
 */
export function publicConfigOf(
  microsoft: Pick<MicrosoftSignIn, 'clientId' | 'authority'>,
  sites: Pick<Config, 'siteOrigins' | 'cookieDomain' | 'vitalsSampleRate'> = { siteOrigins: [], cookieDomain: undefined, vitalsSampleRate: 1 },
): PublicConfig {
  return {
    msClientId: microsoft.clientId,
    msAuthority: microsoft.authority,
    vitalsSampleRate: sites.vitalsSampleRate,
    // The sites of the deployment, when it lists them (SITE_ORIGINS): links between them and the
    // sign-in handoff need them; a single site's page carries nothing more.
    ...(sites.siteOrigins.length > 0 && { siteOrigins: sites.siteOrigins, sharedCookie: Boolean(sites.cookieDomain) }),
  };
}

function verifiedEmail(payload: JWTPayload): string | null {
  if (looksLikeEmail(payload.preferred_username)) return payload.preferred_username.toLowerCase();
  if (looksLikeEmail(payload.email) && (payload.xms_edov === true || payload.email_verified === true)) {
    return payload.email.toLowerCase();
  }
  return null;
}

/**
 * Sign-in with a Microsoft work, school or personal account: the browser gets an ID token from
 * Microsoft (MSAL) and hands it to us. We check it against the authority's published keys, our
 * client id as audience, its expiry, and the issuer of the token's own tenant (the multi-tenant
 * metadata names a template issuer, https://login.microsoftonline.com/{tenantid}/v2.0).
 */
async function microsoftSignIn(app: FastifyInstance, { config }: { config: Config }) {
  const clientId = config.msClientId ?? null;
  const authority = clientId ? (config.msAuthority ?? DEFAULT_MS_AUTHORITY).replace(/\/+$/, '') : null;

  // Fetched on first use, not at start: the API must start even when Microsoft is unreachable.
  let discovery: Promise<{ issuer: string; jwks: ReturnType<typeof createRemoteJWKSet> }> | null = null;
  const discover = () => {
    discovery ??= (async () => {
      const response = await fetch(`${authority}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`OpenID metadata answered ${response.status}`);
      const metadata = (await response.json()) as OpenIdMetadata;
      if (typeof metadata.issuer !== 'string' || typeof metadata.jwks_uri !== 'string') throw new Error('OpenID metadata lacks issuer or jwks_uri');
      return { issuer: metadata.issuer, jwks: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 5000 }) };
    })();
    // A failed fetch is retried by the next sign-in instead of being remembered.
    discovery.catch(() => {
      discovery = null;
    });
    return discovery;
  };

  const unavailable = (err: unknown) => {
    app.log.error({ err, authority }, 'Microsoft sign-in: OpenID metadata or keys unavailable');
    return new ServiceUnavailableError(AUTH_MESSAGES.microsoftUnavailable);
  };

  app.decorate('microsoft', {
    clientId,
    authority,
    async verifyIdToken(idToken) {
      if (!clientId) throw new ServiceUnavailableError(AUTH_MESSAGES.microsoftNotConfigured);
      let metadata: Awaited<ReturnType<typeof discover>>;
      try {
        metadata = await discover();
      } catch (err) {
        throw unavailable(err);
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, metadata.jwks, {
          audience: clientId,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'iss', 'tid', 'oid'],
          clockTolerance: 60,
        }));
      } catch (err) {
        const { code, claim } = err as { code?: string; claim?: string };
        if (code === 'ERR_JWT_EXPIRED') throw new UnauthorizedError(AUTH_MESSAGES.microsoftExpired);
        if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && claim === 'aud') {
          throw new UnauthorizedError(AUTH_MESSAGES.microsoftWrongAudience);
        }
        if (code === 'ERR_JWKS_TIMEOUT' || (err instanceof TypeError && !code)) throw unavailable(err);
        throw new UnauthorizedError(AUTH_MESSAGES.microsoftInvalid);
      }
      const { tid, oid } = payload;
      if (typeof tid !== 'string' || typeof oid !== 'string' || !tid || !oid) throw new UnauthorizedError(AUTH_MESSAGES.microsoftInvalid);
      const expectedIssuer = metadata.issuer.includes('{tenantid}') ? metadata.issuer.replace('{tenantid}', tid) : metadata.issuer;
      if (payload.iss !== expectedIssuer) throw new UnauthorizedError(AUTH_MESSAGES.microsoftWrongIssuer);
      return {
        oid,
        tid,
        name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim().slice(0, 200) : null,
        email: verifiedEmail(payload),
      };
    },
  } satisfies MicrosoftSignIn);
}

export default fp(microsoftSignIn, { name: 'microsoft-sign-in' });
