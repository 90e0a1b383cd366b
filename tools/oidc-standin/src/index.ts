import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose';

/**
 * A local OpenID Connect provider that stands in for Microsoft's identity platform (v2.0
 * endpoints, multi-tenant): discovery metadata with the `{tenantid}` issuer template, a real
 * JWKS, RS256 ID tokens with Microsoft's claims, and the authorization-code + PKCE flow that
 * MSAL drives in the browser. For tests and local runs only: it signs in whoever clicks.
 */

export interface StandInUser {
  /** Object id: the user's stable id in Microsoft Entra ID. */
  oid: string;
  /** Tenant id (the organization); the issuer is per tenant. */
  tid: string;
  email: string;
  name: string;
}

export interface OidcStandInOptions {
  /** 0 or unset: a free port. */
  port?: number;
  host?: string;
  clientId: string;
  /** Where /authorize may send the browser back to (exact match), and post-logout targets. */
  redirectUris: string[];
  users: StandInUser[];
  /** Serve https (MSAL refuses http authorities): a key + certificate, or true for a fresh self-signed one. */
  https?: true | { key: string | Buffer; cert: string | Buffer };
}

export interface MintOptions {
  /** Defaults to the first configured user. */
  user?: StandInUser;
  /** Claims to add or override (aud, iss, tid, exp, ...). */
  claims?: JWTPayload & Record<string, unknown>;
  /** Lifetime in seconds (default 3600); negative gives an expired token. */
  expiresIn?: number;
  /** Sign with a throw-away key under the real key id, so the signature does not verify. */
  forgeSignature?: boolean;
}

export interface OidcStandIn {
  /** Origin of the server, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Microsoft-style multi-tenant authority: `${origin}/common/v2.0` (what MS_AUTHORITY takes). */
  authority: string;
  /** The issuer a token of tenant `tid` carries: `${origin}/<tid>/v2.0`. */
  issuerFor(tid: string): string;
  /** An ID token as /token would issue it, without the browser flow. */
  mintIdToken(options?: MintOptions): Promise<string>;
  /** With `https: true`: the self-signed certificate's file, e.g. for NODE_EXTRA_CA_CERTS. */
  certificateFile: string | null;
  close(): Promise<void>;
}

interface PendingCode {
  user: StandInUser;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  scope: string;
  expiresAt: number;
}

const CODE_LIFETIME_MS = 2 * 60 * 1000;
const KEY_ID = 'standin-key-1';

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function selfSignedCertificate(): { key: string; cert: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oidc-standin-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), file: certFile };
}

export async function startOidcStandIn(options: OidcStandInOptions): Promise<OidcStandIn> {
  if (options.users.length === 0) throw new Error('startOidcStandIn needs at least one user');
  const host = options.host ?? '127.0.0.1';
  const generated = options.https === true ? selfSignedCertificate() : null;
  const tls = generated ?? (options.https && options.https !== true ? options.https : null);
  const scheme = tls ? 'https' : 'http';

  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: KEY_ID, use: 'sig', alg: 'RS256' };
  const codes = new Map<string, PendingCode>();

  // One instance type for both: route handlers never touch the raw http(s) objects.
  const app = (tls ? Fastify({ https: { key: tls.key, cert: tls.cert } }) : Fastify()) as unknown as FastifyInstance;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  let origin = '';
  const issuerFor = (tid: string) => `${origin}/${tid}/v2.0`;

  async function sign(user: StandInUser, extra: JWTPayload & Record<string, unknown>, expiresIn: number, forge = false) {
    const now = Math.floor(Date.now() / 1000);
    const key = forge ? (await generateKeyPair('RS256')).privateKey : privateKey;
    const claims = {
      ver: '2.0',
      oid: user.oid,
      tid: user.tid,
      sub: base64url(createHash('sha256').update(`${user.oid}:${options.clientId}`).digest()),
      email: user.email,
      preferred_username: user.email,
      name: user.name,
      aud: options.clientId,
      iss: issuerFor(user.tid),
      iat: now,
      nbf: now,
      exp: now + expiresIn,
      ...extra,
    };
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' }).sign(key);
  }

  const cors = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    reply.header('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? 'content-type');
    reply.header('Access-Control-Max-Age', '600');
  };
  app.options('/*', async (request, reply) => {
    cors(request, reply);
    return reply.code(204).send();
  });

  const metadata = (tenant: string) => {
    const multiTenant = ['common', 'organizations', 'consumers'].includes(tenant);
    return {
      issuer: multiTenant ? `${origin}/{tenantid}/v2.0` : issuerFor(tenant),
      authorization_endpoint: `${origin}/${tenant}/oauth2/v2.0/authorize`,
      token_endpoint: `${origin}/${tenant}/oauth2/v2.0/token`,
      end_session_endpoint: `${origin}/${tenant}/oauth2/v2.0/logout`,
      jwks_uri: `${origin}/${tenant}/discovery/v2.0/keys`,
      response_types_supported: ['code', 'id_token', 'code id_token'],
      response_modes_supported: ['query', 'fragment', 'form_post'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nbf', 'name', 'email', 'preferred_username', 'oid', 'tid', 'nonce', 'ver'],
      tenant_region_scope: 'EU',
      cloud_instance_name: 'standin.local',
      msgraph_host: 'graph.microsoft.com',
    };
  };
  // MSAL asks for <authority>/v2.0/.well-known/...; an authority ending in v2.0 drops that part.
  for (const url of ['/:tenant/v2.0/.well-known/openid-configuration', '/:tenant/.well-known/openid-configuration']) {
    app.get<{ Params: { tenant: string } }>(url, async (request, reply) => {
      cors(request, reply);
      return metadata(request.params.tenant);
    });
  }
  app.get('/:tenant/discovery/v2.0/keys', async (request, reply) => {
    cors(request, reply);
    return { keys: [publicJwk] };
  });

  type AuthorizeQuery = Record<string, string | undefined>;

  function checkAuthorize(q: AuthorizeQuery): string | null {
    if (q.client_id !== options.clientId) return 'Unknown client_id.';
    if (!q.redirect_uri || !options.redirectUris.includes(q.redirect_uri)) return 'redirect_uri is not registered for this client.';
    if (q.response_type !== 'code') return 'Only response_type=code is supported.';
    if (!q.code_challenge || (q.code_challenge_method ?? 'plain') !== 'S256') return 'PKCE with code_challenge_method=S256 is required.';
    return null;
  }

  function finish(reply: FastifyReply, q: AuthorizeQuery, user: StandInUser) {
    const code = base64url(randomBytes(32));
    codes.set(code, {
      user,
      clientId: q.client_id as string,
      redirectUri: q.redirect_uri as string,
      codeChallenge: q.code_challenge as string,
      nonce: q.nonce,
      scope: q.scope ?? 'openid profile',
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
    const params = new URLSearchParams({ code, client_info: clientInfo(user) });
    if (q.state) params.set('state', q.state);
    const mode = q.response_mode ?? 'query';
    if (mode === 'form_post') {
      const fields = [...params].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
      return reply
        .type('text/html')
        .send(
          `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(q.redirect_uri as string)}">${fields}<noscript><button>Continue</button></noscript></form></body></html>`,
        );
    }
    const separator = mode === 'fragment' ? '#' : (q.redirect_uri as string).includes('?') ? '&' : '?';
    return reply.redirect(`${q.redirect_uri}${separator}${params}`, 302);
  }

  const clientInfo = (user: StandInUser) => base64url(JSON.stringify({ uid: user.oid, utid: user.tid }));

  app.get<{ Params: { tenant: string }; Querystring: AuthorizeQuery }>('/:tenant/oauth2/v2.0/authorize', async (request, reply) => {
    const q = request.query;
    const problem = checkAuthorize(q);
    if (problem) return reply.code(400).type('text/html').send(`<!doctype html><p>${escapeHtml(problem)}</p>`);
    const hinted = q.login_hint ? options.users.find((u) => u.email.toLowerCase() === q.login_hint?.toLowerCase()) : undefined;
    if (hinted) return finish(reply, q, hinted);
    // The "sign-in page": one button per configured user, the first one focused.
    const hidden = Object.entries(q)
      .filter(([, v]) => typeof v === 'string')
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v as string)}">`)
      .join('');
    const buttons = options.users
      .map((u, i) => `<button name="oid" value="${escapeHtml(u.oid)}"${i === 0 ? ' autofocus' : ''}>Sign in as ${escapeHtml(u.name)} (${escapeHtml(u.email)})</button>`)
      .join('<br>');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html><head><title>Sign in (OIDC stand-in)</title></head><body><h1>Sign in</h1><p>Local stand-in for Microsoft sign-in.</p><form method="post" action="${origin}/${escapeHtml(request.params.tenant)}/oauth2/v2.0/authorize">${hidden}${buttons}</form></body></html>`,
      );
  });

  app.post<{ Params: { tenant: string }; Body: AuthorizeQuery }>('/:tenant/oauth2/v2.0/authorize', async (request, reply) => {
    const q = request.body ?? {};
    const problem = checkAuthorize(q);
    if (problem) return reply.code(400).type('text/html').send(`<!doctype html><p>${escapeHtml(problem)}</p>`);
    const user = options.users.find((u) => u.oid === q.oid) ?? options.users[0];
    return finish(reply, q, user);
  });

  app.post<{ Body: Record<string, string | undefined> }>('/:tenant/oauth2/v2.0/token', async (request, reply) => {
    cors(request, reply);
    const body = request.body ?? {};
    const fail = (error: string, description: string) =>
      reply.code(400).send({ error, error_description: description, error_codes: [], timestamp: new Date().toISOString() });
    if (body.grant_type !== 'authorization_code') return fail('unsupported_grant_type', 'Only authorization_code is supported.');
    const pending = body.code ? codes.get(body.code) : undefined;
    if (body.code) codes.delete(body.code); // single use, even when the rest is wrong
    if (!pending || pending.expiresAt < Date.now()) return fail('invalid_grant', 'The code is unknown, used or expired.');
    if (body.client_id !== pending.clientId) return fail('invalid_client', 'client_id does not match the code.');
    if (body.redirect_uri !== pending.redirectUri) return fail('invalid_grant', 'redirect_uri does not match the code.');
    const challenge = body.code_verifier ? base64url(createHash('sha256').update(body.code_verifier).digest()) : '';
    if (challenge !== pending.codeChallenge) return fail('invalid_grant', 'PKCE verification failed.');
    const idToken = await sign(pending.user, pending.nonce ? { nonce: pending.nonce } : {}, 3600);
    const accessToken = await sign(pending.user, { aud: '00000003-0000-0000-c000-000000000000', scp: 'openid profile email' }, 3600);
    return {
      token_type: 'Bearer',
      scope: pending.scope,
      expires_in: 3600,
      ext_expires_in: 3600,
      access_token: accessToken,
      id_token: idToken,
      client_info: clientInfo(pending.user),
    };
  });

  app.get<{ Querystring: { post_logout_redirect_uri?: string; state?: string } }>('/:tenant/oauth2/v2.0/logout', async (request, reply) => {
    const target = request.query.post_logout_redirect_uri;
    const allowed = target && options.redirectUris.some((uri) => new URL(uri).origin === new URL(target, origin).origin);
    if (target && allowed) {
      const url = new URL(target);
      if (request.query.state) url.searchParams.set('state', request.query.state);
      return reply.redirect(url.toString(), 302);
    }
    return reply.type('text/html').send('<!doctype html><p>You are signed out.</p>');
  });

  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('OIDC stand-in: no TCP address');
  origin = `${scheme}://${host}:${address.port}`;

  return {
    origin,
    authority: `${origin}/common/v2.0`,
    issuerFor,
    certificateFile: generated?.file ?? null,
    mintIdToken: (mint = {}) =>
      sign(mint.user ?? options.users[0], { nonce: randomUUID(), ...mint.claims }, mint.expiresIn ?? 3600, mint.forgeSignature),
    async close() {
      await app.close();
      if (generated) fs.rmSync(path.dirname(generated.file), { recursive: true, force: true });
    },
  };
}
