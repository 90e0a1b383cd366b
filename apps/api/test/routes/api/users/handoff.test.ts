import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_MESSAGES } from '@vox/contract/schemas';
import { build } from '../../../helper';
import { loadConfig } from '../../../../src/config';
import { FOREIGN_ORIGIN_MESSAGE } from '../../../../src/plugins/external/site-origins';
import { HANDOFF_REFUSED } from '../../../../src/routes/api/users/handoff';
import { freshIp, login, refresh, refreshCookie, signUp } from './kit';
import { resetCodeFrom } from '../../../fixtures/outbox';

const HUB = 'http://localhost:4200';
const SCHOOL = 'http://school.localhost:4200';
const PODCAST = 'http://podcast.localhost:4200';
const SITE_ORIGINS = [HUB, SCHOOL, PODCAST, 'http://dashboard.localhost:4200'].join(',');
const hostOf = (origin: string) => new URL(origin).host;

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;
const locationOf = (res: LightMyRequestResponse) => new URL(String(res.headers.location), 'http://relative.invalid');

/** Sites that share no parent domain: the sign-in travels by a one-time code through redirects. */
describe('sign-in handoff between listed origins', () => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    // A built shell of one line is enough for the app page (the handoff decides before it is sent).
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-handoff-'));
    fs.mkdirSync(path.join(dataDir, 'web', 'shell'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'web', 'shell', 'index.html'), '<!doctype html><title>VoxClub</title><div id="root"></div>');
    app = await build({ SITE_ORIGINS, DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'web') });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (origin: string, url: string, cookies: Record<string, string | undefined> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: {
        host: hostOf(origin),
        cookie: Object.entries(cookies)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      },
    });

  async function signedInAtHub() {
    const user = await signUp(app);
    const res = await login(app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    return { ...user, hubCookie: refreshCookie(res)?.value as string };
  }

  /** school asks the hub: start on school, authorize on the hub; answers the exchange URL and school's state cookie. */
  async function askHub(hubCookie: string | undefined, target = SCHOOL, returnTo = '/scripts') {
    const start = await get(target, `/api/users/handoff/start?from=${encodeURIComponent(HUB)}&return=${encodeURIComponent(returnTo)}`);
    expect(start.statusCode).toBe(302);
    const authorize = locationOf(start);
    expect(authorize.origin).toBe(HUB);
    expect(authorize.pathname).toBe('/api/users/handoff/authorize');
    expect(authorize.searchParams.get('origin')).toBe(target);
    const state = cookieOf(start, 'vox_handoff_state') as string;
    expect(authorize.searchParams.get('state')).toBe(state);
    const back = await get(HUB, authorize.pathname + authorize.search, { vox_refresh: hubCookie });
    expect(back.statusCode).toBe(302);
    const exchange = locationOf(back);
    expect(exchange.origin).toBe(target);
    expect(exchange.pathname).toBe('/api/users/handoff/exchange');
    return { exchange, state };
  }

  it('hands a hub sign-in to a listed origin, which gets a refresh cookie of its own in the same session', async () => {
    const user = await signedInAtHub();
    const { exchange, state } = await askHub(user.hubCookie);
    expect(exchange.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
    const done = await get(SCHOOL, exchange.pathname + exchange.search, { vox_handoff_state: state });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/scripts');
    const schoolCookie = refreshCookie(done);
    expect(schoolCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/users' });
    expect(schoolCookie?.value).not.toBe(user.hubCookie);
    const session = await refresh(app, schoolCookie?.value, { host: hostOf(SCHOOL) });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.id).toBe(user.id);
    // Signing out on school ends the sign-in on the hub too: one session family.
    const out = await app.inject({ method: 'POST', url: '/api/users/signOut', headers: { host: hostOf(SCHOOL), cookie: `vox_refresh=${session.cookies.find((c) => c.name === 'vox_refresh')?.value}` } });
    expect(out.statusCode).toBe(204);
    const hub = await refresh(app, user.hubCookie);
    expect({ status: hub.statusCode, body: hub.json() }).toEqual({ status: 401, body: { message: AUTH_MESSAGES.refreshInvalid } });
  });

  it('refuses a replayed code: the second exchange signs nobody in', async () => {
    const user = await signedInAtHub();
    const { exchange, state } = await askHub(user.hubCookie);
    const first = await get(SCHOOL, exchange.pathname + exchange.search, { vox_handoff_state: state });
    expect(refreshCookie(first)?.value).toBeTruthy();
    const again = await get(SCHOOL, exchange.pathname + exchange.search, { vox_handoff_state: state });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/scripts');
    expect(refreshCookie(again)).toBeUndefined();
  });

  it('refuses a forged code', async () => {
    const forged = `/api/users/handoff/exchange?code=${'A'.repeat(43)}&state=${'s'.repeat(43)}&return=%2Fscripts`;
    const res = await get(SCHOOL, forged, { vox_handoff_state: 's'.repeat(43) });
    expect(res.statusCode).toBe(302);
    expect(refreshCookie(res)).toBeUndefined();
    expect(Math.abs(parseInt(cookieOf(res, 'vox_handoff_checked') as string, 36) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a code exchanged on another listed origin than the one it was given to', async () => {
    const user = await signedInAtHub();
    const { exchange, state } = await askHub(user.hubCookie, SCHOOL);
    const res = await get(PODCAST, exchange.pathname + exchange.search, { vox_handoff_state: state });
    expect(refreshCookie(res)).toBeUndefined();
    // ...and that try used it up: school cannot use it afterwards either.
    const school = await get(SCHOOL, exchange.pathname + exchange.search, { vox_handoff_state: state });
    expect(refreshCookie(school)).toBeUndefined();
  });

  it('refuses a code whose state is not the one in the browser’s own cookie (a code pushed on someone else)', async () => {
    const user = await signedInAtHub();
    const { exchange } = await askHub(user.hubCookie);
    const res = await get(SCHOOL, exchange.pathname + exchange.search, { vox_handoff_state: 'x'.repeat(43) });
    expect(refreshCookie(res)).toBeUndefined();
    const none = await get(SCHOOL, exchange.pathname + exchange.search);
    expect(refreshCookie(none)).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const user = await signedInAtHub();
    const family = (await app.tokensRepository.find(createHash('sha256').update(user.hubCookie).digest('hex')))?.familyId as string;
    const code = 'E'.repeat(43);
    const state = 'S'.repeat(43);
    const sha = (v: string) => createHash('sha256').update(v).digest('hex');
    const now = new Date();
    await app.tokensRepository.createHandoff({ codeHash: sha(code), familyId: family, origin: SCHOOL, stateHash: sha(state), now: new Date(now.getTime() - 61_000), expiresAt: new Date(now.getTime() - 1_000) });
    const res = await get(SCHOOL, `/api/users/handoff/exchange?code=${code}&state=${state}&return=%2F`, { vox_handoff_state: state });
    expect(res.statusCode).toBe(302);
    expect(refreshCookie(res)).toBeUndefined();
  });

  it('comes straight back, without a code, when the hub holds no sign-in', async () => {
    const { exchange, state } = await askHub(undefined);
    expect(exchange.searchParams.get('code')).toBeNull();
    const res = await get(SCHOOL, exchange.pathname + exchange.search, { vox_handoff_state: state });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/scripts');
    expect(refreshCookie(res)).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'vox_handoff_checked')).toMatchObject({ maxAge: 60, path: '/', httpOnly: true });
  });

  it('refuses origins and return addresses the deployment does not list: no open redirect', async () => {
    const refused = { status: 400, body: { message: HANDOFF_REFUSED } };
    const answer = async (origin: string, url: string) => {
      const res = await get(origin, url);
      return { status: res.statusCode, body: res.json() };
    };
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    const state = 's'.repeat(43);
    expect(await answer(HUB, `/api/users/handoff/authorize?${q({ origin: 'https://evil.example', state, return: '/' })}`)).toEqual(refused);
    expect(await answer(HUB, `/api/users/handoff/authorize?${q({ origin: SCHOOL, state, return: 'https://evil.example/x' })}`)).toEqual(refused);
    expect(await answer(HUB, `/api/users/handoff/authorize?${q({ origin: SCHOOL, state, return: '//evil.example/x' })}`)).toEqual(refused);
    expect(await answer(HUB, `/api/users/handoff/authorize?${q({ origin: SCHOOL, state, return: '/\\evil.example' })}`)).toEqual(refused);
    expect(await answer(SCHOOL, `/api/users/handoff/start?${q({ from: 'https://evil.example', return: '/' })}`)).toEqual(refused);
    expect(await answer(SCHOOL, `/api/users/handoff/exchange?${q({ state, return: 'https://evil.example/' })}`)).toEqual(refused);
    // An unlisted host serving the same API takes no part either way.
    expect(await answer('http://evil.example', `/api/users/handoff/exchange?${q({ state, return: '/' })}`)).toEqual(refused);
    expect(await answer('http://evil.example', `/api/users/handoff/authorize?${q({ origin: SCHOOL, state, return: '/' })}`)).toEqual(refused);
    // A return address on another listed origin is fine (the push to the hub after signing in elsewhere).
    const ok = await get(HUB, `/api/users/handoff/authorize?${q({ origin: SCHOOL, state, return: `${PODCAST}/` })}`);
    expect(ok.statusCode).toBe(302);
  });

  it('an app page of a site signed in nowhere asks the hub first, once, and never on the hub itself', async () => {
    const page = (origin: string, cookies: Record<string, string> = {}, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url: '/scripts?page=2',
        headers: { host: hostOf(origin), 'sec-fetch-dest': 'document', cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
      });
    const asked = await page(SCHOOL);
    expect(asked.statusCode).toBe(302);
    const to = locationOf(asked);
    expect(`${to.origin}${to.pathname}`).toBe(`${HUB}/api/users/handoff/authorize`);
    expect(Object.fromEntries(to.searchParams)).toEqual({ origin: SCHOOL, state: cookieOf(asked, 'vox_handoff_state'), return: '/scripts?page=2' });
    expect((await page(HUB)).statusCode).toBe(200);
    expect((await page(SCHOOL, { vox_signed_in: '1' })).statusCode).toBe(200);
    const justChecked = Date.now().toString(36);
    expect((await page(SCHOOL, { vox_handoff_checked: justChecked })).statusCode).toBe(200);
    // The way back from the hub (a cross-site redirect) does not go round again...
    expect((await page(SCHOOL, { vox_handoff_checked: justChecked }, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
    // ...but a link followed from another site later does: the member may have signed in there since.
    const earlier = (Date.now() - 10_000).toString(36);
    expect((await page(SCHOOL, { vox_handoff_checked: earlier }, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(302);
    expect((await page(SCHOOL, { vox_handoff_checked: earlier })).statusCode).toBe(200);
    // An unlisted host, or a script's fetch of the page, is never sent anywhere.
    expect((await page('http://elsewhere.localhost:4200')).statusCode).toBe(200);
    expect((await page(SCHOOL, {}, { 'sec-fetch-dest': 'empty' })).statusCode).toBe(200);
  });

  it('a password reset ends the sign-in on every site at once', async () => {
    const user = await signedInAtHub();
    const { exchange, state } = await askHub(user.hubCookie);
    const schoolCookie = refreshCookie(await get(SCHOOL, exchange.pathname + exchange.search, { vox_handoff_state: state }))?.value as string;
    expect((await app.inject({ method: 'POST', url: '/api/users/password/code', payload: { username: user.email }, remoteAddress: freshIp() })).statusCode).toBe(200);
    await app.mailer.idle();
    const code = resetCodeFrom(path.join(dataDir, 'mail'), user.email);
    const reset = await app.inject({ method: 'POST', url: '/api/users/password/reset', payload: { username: user.email, code, password: 'brand-new-pass' }, remoteAddress: freshIp() });
    expect(reset.statusCode).toBe(200);
    expect((await refresh(app, user.hubCookie)).statusCode).toBe(401);
    expect((await refresh(app, schoolCookie, { host: hostOf(SCHOOL) })).statusCode).toBe(401);
  });

  it('a copied, long-rotated hub token hands nothing over and ends the session everywhere', async () => {
    const user = await signedInAtHub();
    const { exchange, state } = await askHub(user.hubCookie);
    const schoolCookie = refreshCookie(await get(SCHOOL, exchange.pathname + exchange.search, { vox_handoff_state: state }))?.value as string;
    const rotated = await refresh(app, user.hubCookie);
    expect(rotated.statusCode).toBe(200);
    // Past the grace period the old hub token is a copy: reuse revokes the family, school included.
    const stored = createHash('sha256').update(user.hubCookie).digest('hex');
    await app.db.updateTable('refresh_tokens').set({ rotated_at: new Date(Date.now() - 60_000).toISOString() }).where('token_hash', '=', stored).execute();
    const reused = await refresh(app, user.hubCookie);
    expect(reused.statusCode).toBe(401);
    const school = await refresh(app, schoolCookie, { host: hostOf(SCHOOL) });
    expect(school.statusCode).toBe(401);
  });
});

describe('one cookie under a parent domain (COOKIE_DOMAIN)', () => {
  let app: FastifyInstance;
  const SITES = ['http://voxclub.test', 'http://school.voxclub.test', 'http://dashboard.voxclub.test', 'http://podcast.voxclub.test'];
  beforeAll(async () => {
    app = await build({ SITE_ORIGINS: SITES.join(','), COOKIE_DOMAIN: 'voxclub.test', TRUST_PROXY: 'true' });
  }, 120_000);
  afterAll(() => app.close());

  it('scopes the refresh cookie to the parent domain, HttpOnly, SameSite=Lax, Secure over https', async () => {
    const user = await signUp(app);
    const res = await app.inject({ method: 'POST', url: '/api/users/authenticate', headers: { host: 'school.voxclub.test', 'x-forwarded-proto': 'https' }, payload: { username: user.email, password: user.password } });
    expect(res.statusCode).toBe(200);
    expect(refreshCookie(res)).toMatchObject({ domain: 'voxclub.test', httpOnly: true, sameSite: 'Lax', path: '/api/users', secure: true });
    const plain = await login(app, user.email, user.password);
    expect(refreshCookie(plain)?.secure).toBeUndefined();
  });

  it('accepts the sibling sites and nothing else', async () => {
    const post = (origin: string) => app.inject({ method: 'POST', url: '/api/users/refresh-token', headers: { host: 'voxclub.test', origin } });
    const sibling = await post('http://school.voxclub.test');
    expect(sibling.statusCode).toBe(204);
    expect(sibling.headers['access-control-allow-origin']).toBe('http://school.voxclub.test');
    expect(sibling.headers['access-control-allow-credentials']).toBe('true');
    for (const foreign of ['http://evil.test', 'http://voxclub.test.evil.test', 'https://school.voxclub.test', 'null']) {
      const res = await post(foreign);
      expect({ origin: foreign, status: res.statusCode, body: res.json(), cors: res.headers['access-control-allow-origin'] }).toEqual({
        origin: foreign,
        status: 403,
        body: { message: FOREIGN_ORIGIN_MESSAGE },
        cors: undefined,
      });
    }
    expect((await post('http://voxclub.test')).statusCode).toBe(204);
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/users/refresh-token', headers: { host: 'voxclub.test', origin: 'http://podcast.voxclub.test', 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://podcast.voxclub.test');
  });

  it('needs no handoff: the handoff steps refuse to run', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/users/handoff/start?from=${encodeURIComponent(SITES[0])}&return=%2F`, headers: { host: 'school.voxclub.test' } });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: HANDOFF_REFUSED } });
  });

  it('will not start with a listed site outside the cookie domain', () => {
    expect(() => loadConfig({ SITE_ORIGINS: 'https://example.com,https://school.other.com', COOKIE_DOMAIN: 'example.com' })).toThrow(
      'SITE_ORIGINS: https://school.other.com is not under COOKIE_DOMAIN example.com',
    );
    expect(() => loadConfig({ SITE_ORIGINS: 'https://example.com/app' })).toThrow('SITE_ORIGINS must list origins like');
  });
});
