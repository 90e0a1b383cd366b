import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@vox/contract/schemas';
import { startOidcStandIn, type OidcStandIn } from '@vox/oidc-standin';
import { build } from '../../../helper';
import { freshIp, refreshCookie, signUp, uniqueEmail } from './kit';

const CLIENT_ID = '11111111-2222-3333-4444-555555555555';
const TENANT = '9a8b7c6d-0000-4000-8000-123456789abc';
const OTHER_TENANT = '0f0e0d0c-0000-4000-8000-cba987654321';
const REDIRECT = 'http://localhost:4200/auth/ms/login';

describe('POST /api/users/authenticate/microsoft', () => {
  let idp: OidcStandIn;
  let app: FastifyInstance;
  const ada = { oid: 'aaaaaaaa-0000-4000-8000-000000000001', tid: TENANT, email: uniqueEmail('ada'), name: 'Ada Lovelace' };
  const bob = { oid: 'bbbbbbbb-0000-4000-8000-000000000002', tid: OTHER_TENANT, email: uniqueEmail('bob'), name: 'Bob Other' };

  beforeAll(async () => {
    idp = await startOidcStandIn({ clientId: CLIENT_ID, redirectUris: [REDIRECT], users: [ada, bob] });
    app = await build({ MS_CLIENT_ID: CLIENT_ID, MS_AUTHORITY: idp.authority });
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
  });

  const signIn = (idToken: string) =>
    app.inject({ method: 'POST', url: '/api/users/authenticate/microsoft', payload: { idToken }, remoteAddress: freshIp() });

  it('publishes the client settings', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config/public' });
    expect(res.json()).toEqual({ msClientId: CLIENT_ID, msAuthority: idp.authority, vitalsSampleRate: 1 });
  });

  it('signs a new person in as a member, then finds them by oid on the next call', async () => {
    const first = await signIn(await idp.mintIdToken({ user: ada }));
    expect(first.statusCode).toBe(200);
    const { user, token } = first.json();
    expect(user).toMatchObject({ name: 'Ada Lovelace', role: { name: 'member', privileges: [] }, classes: [] });
    expect(typeof token).toBe('string');
    expect(refreshCookie(first)?.httpOnly).toBe(true);
    const row = await app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ms_oid: ada.oid, email: ada.email, password_hash: null });

    // Same oid, the email changed at Microsoft: still the same account.
    const second = await signIn(await idp.mintIdToken({ user: ada, claims: { preferred_username: uniqueEmail('renamed') } }));
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(user.id);
  });

  it('links an existing password account by its verified email', async () => {
    const { id, email } = await signUp(app);
    const carol = { oid: 'cccccccc-0000-4000-8000-000000000003', tid: TENANT, email, name: 'Carol' };
    const res = await signIn(await idp.mintIdToken({ user: carol }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(id);
    const row = await app.db.selectFrom('users').select('ms_oid').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.ms_oid).toBe(carol.oid);
  });

  it('does not link by an unverified email claim (a tenant admin can set it to anything)', async () => {
    const { id, email } = await signUp(app);
    const mallory = { oid: 'dddddddd-0000-4000-8000-000000000004', tid: OTHER_TENANT, email, name: 'Mallory' };
    const res = await signIn(await idp.mintIdToken({ user: mallory, claims: { preferred_username: 'mallory' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).not.toBe(id);
  });

  it('accepts tokens of any tenant, each checked against its own issuer', async () => {
    const res = await signIn(await idp.mintIdToken({ user: bob }));
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a wrong audience', { claims: { aud: 'another-app' } }, AUTH_MESSAGES.microsoftWrongAudience],
    ['an expired token', { expiresIn: -3600 }, AUTH_MESSAGES.microsoftExpired],
    ['an issuer of another tenant', { claims: { iss: `http://127.0.0.1:1/${OTHER_TENANT}/v2.0` } }, AUTH_MESSAGES.microsoftWrongIssuer],
    ['a tid that does not match the issuer', { claims: { tid: OTHER_TENANT } }, AUTH_MESSAGES.microsoftWrongIssuer],
    ['a bad signature', { forgeSignature: true }, AUTH_MESSAGES.microsoftInvalid],
  ])('refuses %s with 401', async (_what, mint, message) => {
    const res = await signIn(await idp.mintIdToken({ user: ada, ...mint }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message });
    expect(refreshCookie(res)).toBeUndefined();
  });

  it('refuses a token from the right tenant but signed for the wrong issuer host', async () => {
    const res = await signIn(await idp.mintIdToken({ user: ada, claims: { iss: `https://login.microsoftonline.com/${TENANT}/v2.0` } }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.microsoftWrongIssuer });
  });

  it('refuses garbage with 401', async () => {
    const res = await signIn('not.a.jwt');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.microsoftInvalid });
  });

  describe("the stand-in's authorization-code + PKCE flow (as MSAL drives it)", () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorizeUrl = (extra: Record<string, string> = {}) =>
      `${idp.origin}/common/oauth2/v2.0/authorize?${new URLSearchParams({
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'openid profile',
        state: 'st-1',
        nonce: 'n-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        prompt: 'login',
        ...extra,
      })}`;
    const exchange = (code: string, codeVerifier = verifier) =>
      fetch(`${idp.origin}/common/oauth2/v2.0/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:4200' },
        body: new URLSearchParams({ grant_type: 'authorization_code', client_id: CLIENT_ID, redirect_uri: REDIRECT, code, code_verifier: codeVerifier }),
      });

    it('serves Microsoft-style metadata and keys with CORS', async () => {
      const res = await fetch(`${idp.authority}/.well-known/openid-configuration`, { headers: { origin: 'http://localhost:4200' } });
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
      const metadata = await res.json();
      expect(metadata.issuer).toBe(`${idp.origin}/{tenantid}/v2.0`);
      const keys = await (await fetch(metadata.jwks_uri)).json();
      expect(keys.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(idp.issuerFor(TENANT)).toBe(`${idp.origin}/${TENANT}/v2.0`);
    });

    it('shows a sign-in page, redirects back with a code, and exchanges it (with the PKCE verifier) for an ID token the API accepts', async () => {
      const page = await fetch(authorizeUrl());
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Sign in as Ada Lovelace');

      const form = new URLSearchParams({
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT,
        response_type: 'code',
        state: 'st-1',
        nonce: 'n-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        response_mode: 'fragment',
        oid: ada.oid,
      });
      const posted = await fetch(`${idp.origin}/common/oauth2/v2.0/authorize`, { method: 'POST', body: form, redirect: 'manual' });
      expect(posted.status).toBe(302);
      const location = new URL(posted.headers.get('location') as string);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      const params = new URLSearchParams(location.hash.slice(1));
      expect(params.get('state')).toBe('st-1');

      const tokenRes = await exchange(params.get('code') as string);
      expect(tokenRes.status).toBe(200);
      expect(tokenRes.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
      const tokens = await tokenRes.json();
      const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ aud: CLIENT_ID, tid: TENANT, oid: ada.oid, nonce: 'n-1', iss: idp.issuerFor(TENANT), email: ada.email });

      const signedIn = await signIn(tokens.id_token);
      expect(signedIn.statusCode).toBe(200);
      // A code works once.
      expect((await exchange(params.get('code') as string)).status).toBe(400);
    });

    it('redirects at once when login_hint names a user, and refuses a wrong PKCE verifier', async () => {
      const res = await fetch(authorizeUrl({ login_hint: bob.email }), { redirect: 'manual' });
      expect(res.status).toBe(302);
      const code = new URL(res.headers.get('location') as string).searchParams.get('code') as string;
      const wrong = await exchange(code, randomBytes(32).toString('base64url'));
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).error).toBe('invalid_grant');
    });

    it('refuses an unregistered redirect_uri without redirecting', async () => {
      const res = await fetch(authorizeUrl({ redirect_uri: 'https://evil.example/cb' }), { redirect: 'manual' });
      expect(res.status).toBe(400);
    });
  });
});

describe('Microsoft sign-in when MS_CLIENT_ID is not set', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  it('answers 503 with a clear text, and the public config says so', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/users/authenticate/microsoft', payload: { idToken: 'x.y.z' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Sign-in with Microsoft is not configured.' });
    const config = await app.inject({ method: 'GET', url: '/api/config/public' });
    expect(config.json()).toEqual({ msClientId: null, msAuthority: null, vitalsSampleRate: 1 });
  });
});
