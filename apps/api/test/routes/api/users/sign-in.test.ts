import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@vox/contract/schemas';
import { build } from '../../../helper';
import { nextLockoutState } from '../../../../src/services/accounts/accounts';
import { freshIp, login, refresh, refreshCookie, signUp, uniqueEmail } from './kit';

describe('POST /api/users/authenticate, refresh-token, signOut', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  it('signs in by email (any case) and answers the user with effective privileges, a token and the refresh cookie', async () => {
    const { id, email, password } = await signUp(app);
    const res = await login(app, `  ${email.toUpperCase()} `, password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id, handle: null, name: null, photo: null, role: { name: 'member', privileges: [] }, classes: [] });
    expect(body.token.split('.')).toHaveLength(3);
    const cookie = refreshCookie(res);
    expect(cookie).toMatchObject({ path: '/api/users', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy(); // inject's host is localhost
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The session hint every page request carries (no secret), living as long as the session.
    expect(res.cookies.find((c) => c.name === 'vox_signed_in')).toMatchObject({ value: '1', path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 60 * 60 });
    // The access token works on the API.
    const subs = await app.inject({ method: 'GET', url: '/api/subscriptions', headers: { authorization: `Bearer ${body.token}` } });
    expect(subs.statusCode).toBe(200);
  });

  it('signs in with a User ID (login_id) too', async () => {
    const { id, password } = await signUp(app);
    const loginId = `school-${id.slice(0, 6)}`;
    await app.db.updateTable('users').set({ login_id: loginId }).where('id', '=', id).execute();
    const res = await login(app, loginId, password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(id);
  });

  it('signs in with a handle (any case, with or without @) as a User ID', async () => {
    const { id, password } = await signUp(app);
    const handle = `Reader_${id.slice(0, 6)}`;
    await app.db.updateTable('users').set({ handle }).where('id', '=', id).execute();
    for (const typed of [handle, handle.toLowerCase(), ` @${handle.toUpperCase()} `]) {
      const res = await login(app, typed, password);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(id);
    }
    // A handle with the wrong password is refused like any other login.
    const wrong = await login(app, handle, `${password}x`);
    expect(wrong.statusCode).toBe(401);
  });

  it("prefers a school's login id over a handle spelled the same", async () => {
    const student = await signUp(app, uniqueEmail(), 'student-pass');
    const member = await signUp(app, uniqueEmail(), 'member-pass');
    const loginId = `pupil${student.id.slice(0, 6)}`;
    await app.db.updateTable('users').set({ login_id: loginId }).where('id', '=', student.id).execute();
    await app.db.updateTable('users').set({ handle: loginId }).where('id', '=', member.id).execute();
    const asStudent = await login(app, loginId, student.password);
    expect(asStudent.statusCode).toBe(200);
    expect(asStudent.json().user.id).toBe(student.id);
    // The member's password does not open the student's account.
    expect((await login(app, loginId, member.password)).statusCode).toBe(401);
    // "@" makes it a handle only in name: the login id still wins on the bare text.
    expect((await login(app, `@${loginId}`, member.password)).json().user.id).toBe(member.id);
  });

  it('marks the cookie Secure by the real scheme, not by the Host header', async () => {
    const { email, password } = await signUp(app);
    const signIn = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/users/authenticate', headers, payload: { username: email, password }, remoteAddress: freshIp() });
    // Plain http to a public-looking host: a Host header proves nothing about the scheme.
    expect(refreshCookie(await signIn({ host: 'voxclub.example.com' }))?.secure).toBeFalsy();
    // Without TRUST_PROXY, a client's own X-Forwarded-Proto is not believed either.
    expect(refreshCookie(await signIn({ host: 'voxclub.example.com', 'x-forwarded-proto': 'https' }))?.secure).toBeFalsy();
    const behindProxy = await build({ TRUST_PROXY: '1' });
    const forced = await build({ COOKIE_SECURE: 'true' });
    try {
      const user = await signUp(behindProxy);
      const viaProxy = await behindProxy.inject({ method: 'POST', url: '/api/users/authenticate', headers: { 'x-forwarded-proto': 'https' }, payload: { username: user.email, password: user.password }, remoteAddress: freshIp() });
      expect(refreshCookie(viaProxy)?.secure).toBe(true);
      const other = await signUp(forced);
      const overHttp = await forced.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: other.email, password: other.password }, remoteAddress: freshIp() });
      expect(refreshCookie(overHttp)?.secure).toBe(true);
    } finally {
      await behindProxy.close();
      await forced.close();
    }
  });

  it('answers sign-in, refresh, sign-out and signed-in calls with Cache-Control: no-store', async () => {
    const { email, password } = await signUp(app);
    const signedIn = await login(app, email, password);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const refreshed = await refresh(app, refreshCookie(signedIn)?.value);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const subs = await app.inject({ method: 'GET', url: '/api/subscriptions', headers: { authorization: `Bearer ${refreshed.json().token}` } });
    expect(subs.headers['cache-control']).toBe('no-store');
    const out = await app.inject({ method: 'POST', url: '/api/users/signOut', headers: { cookie: `vox_refresh=${refreshCookie(refreshed)?.value}` } });
    expect(out.headers['cache-control']).toBe('no-store');
  });

  it('answers wrong password and unknown user with the same 401 text', async () => {
    const { email } = await signUp(app);
    const wrong = await login(app, email, 'not-the-password');
    const unknown = await login(app, uniqueEmail('nobody'), 'whatever-pass');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.wrongCredentials });
    expect(unknown.json()).toEqual(wrong.json());
    expect(refreshCookie(wrong)).toBeUndefined();
  });

  it('rejects a body without password with a readable 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'a@b.co' }, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Field 'password' is required." });
  });

  it('locks an account after 10 consecutive failures, answering exactly like a wrong password', async () => {
    const { id, email, password } = await signUp(app);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await login(app, email, `wrong-${i}`, ip);
      expect(res.statusCode).toBe(401);
    }
    // Locked: even the right password is refused, with the same status and text.
    const locked = await login(app, email, password, freshIp());
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({ message: AUTH_MESSAGES.wrongCredentials });
    // After the minute (moved back in the database) the right password works and resets the count.
    await app.db.updateTable('login_lockouts').set({ locked_until: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', id).execute();
    const ok = await login(app, email, password, freshIp());
    expect(ok.statusCode).toBe(200);
    const row = await app.db.selectFrom('login_lockouts').selectAll().where('user_id', '=', id).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('locks under 30 parallel wrong passwords, comparing no more than 10 against the hash', async () => {
    const { id, email, password } = await signUp(app);
    const userHash = (await app.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
    const verify = jest.spyOn(app.passwords, 'verify');
    const started = Date.now();
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(app, email, `wrong-${i}`)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(401));
      // Only reserved attempts are compared with the account's hash; the rest are refused unseen.
      expect(verify.mock.calls.filter(([hash]) => hash === userHash)).toHaveLength(10);
    } finally {
      verify.mockRestore();
    }
    const row = await app.db.selectFrom('login_lockouts').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(row.lock_count).toBe(1);
    // A minute from the attempt that locked it, which came after the burst started.
    expect(Date.parse(row.locked_until as string)).toBeGreaterThanOrEqual(started + 60_000);
    // Locked: the right password is refused too.
    const locked = await login(app, email, password);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({ message: AUTH_MESSAGES.wrongCredentials });
  });

  it('resets the failure count on a successful sign-in', async () => {
    const { email, password } = await signUp(app);
    const ip = freshIp();
    for (let i = 0; i < 9; i++) await login(app, email, 'wrong-pass', ip);
    expect((await login(app, email, password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await login(app, email, 'wrong-pass', freshIp());
    expect((await login(app, email, password, freshIp())).statusCode).toBe(200);
  });

  it('doubles each further lock up to 15 minutes', () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    let state = { failedCount: 0, lockCount: 0, lockedUntil: null as string | null };
    for (let i = 0; i < 10; i++) state = nextLockoutState(state, now);
    expect(state).toEqual({ failedCount: 0, lockCount: 1, lockedUntil: '2030-01-01T00:01:00.000Z' });
    const minutes: number[] = [];
    for (let i = 0; i < 6; i++) {
      state = nextLockoutState(state, now);
      minutes.push((Date.parse(state.lockedUntil as string) - now.getTime()) / 60_000);
    }
    expect(minutes).toEqual([2, 4, 8, 15, 15, 15]);
  });

  it('limits sign-in attempts per IP to 20 a minute', async () => {
    const ip = freshIp();
    const email = uniqueEmail('limit');
    for (let i = 0; i < 20; i++) expect((await login(app, email, 'x-wrong', ip)).statusCode).toBe(401);
    const limited = await login(app, email, 'x-wrong', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please wait a minute and try again.' });
    // Another client is not affected.
    expect((await login(app, email, 'x-wrong', freshIp())).statusCode).toBe(401);
  });

  describe('refresh tokens', () => {
    it('rotates the cookie on every refresh and answers user + token', async () => {
      const { id, email, password } = await signUp(app);
      const first = refreshCookie(await login(app, email, password))?.value;
      const res = await refresh(app, first);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(id);
      expect(typeof res.json().token).toBe('string');
      const second = refreshCookie(res);
      expect(second?.value).toBeDefined();
      expect(second?.value).not.toBe(first);
      expect(second?.path).toBe('/api/users');
      // The family keeps its absolute end: the new cookie does not live longer than 30 days from sign-in.
      expect(second?.maxAge).toBeLessThanOrEqual(30 * 24 * 60 * 60);
      const third = await refresh(app, second?.value);
      expect(third.statusCode).toBe(200);
    });

    it('answers 204 with no body and no cookie without a cookie (logged out is not an error), 401 with an unknown one', async () => {
      const none = await refresh(app, undefined);
      expect(none.statusCode).toBe(204);
      expect(none.body).toBe('');
      expect(none.headers['set-cookie']).toBeUndefined();
      const unknown = await refresh(app, 'A'.repeat(43));
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ message: AUTH_MESSAGES.refreshInvalid });
    });

    it('accepts an already-rotated token within 10 seconds (parallel tabs) without rotating or revoking', async () => {
      const { email, password } = await signUp(app);
      const original = refreshCookie(await login(app, email, password))?.value;
      const tabA = await refresh(app, original);
      const tabB = await refresh(app, original);
      expect(tabA.statusCode).toBe(200);
      expect(tabB.statusCode).toBe(200);
      expect(refreshCookie(tabB)).toBeUndefined(); // keeps tab A's new cookie in the browser
      expect(typeof tabB.json().token).toBe('string');
      // The session goes on with tab A's cookie.
      expect((await refresh(app, refreshCookie(tabA)?.value)).statusCode).toBe(200);
    });

    it('revokes the whole family when a rotated token comes back after the grace period', async () => {
      const { email, password } = await signUp(app);
      const original = refreshCookie(await login(app, email, password))?.value as string;
      const rotated = refreshCookie(await refresh(app, original))?.value as string;
      // Pretend the rotation happened 11 seconds ago.
      await app.db
        .updateTable('refresh_tokens')
        .set({ rotated_at: new Date(Date.now() - 11_000).toISOString() })
        .where('rotated_at', 'is not', null)
        .execute();
      const replay = await refresh(app, original);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ message: AUTH_MESSAGES.refreshInvalid });
      // The thief's replay also ended the legitimate holder's session.
      expect((await refresh(app, rotated)).statusCode).toBe(401);
    });

    it('ends a session 30 days after its first sign-in, however often it was refreshed', async () => {
      const { id, email, password } = await signUp(app);
      const cookie = refreshCookie(await login(app, email, password))?.value;
      await app.db
        .updateTable('token_families')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', id)
        .execute();
      expect((await refresh(app, cookie)).statusCode).toBe(401);
    });

    it('signOut revokes the session and clears the cookie (204)', async () => {
      const { email, password } = await signUp(app);
      const cookie = refreshCookie(await login(app, email, password))?.value;
      const out = await app.inject({ method: 'POST', url: '/api/users/signOut', headers: { cookie: `vox_refresh=${cookie}` } });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      const cleared = refreshCookie(out);
      expect(cleared?.value).toBe('');
      expect(cleared?.path).toBe('/api/users');
      expect(out.cookies.find((c) => c.name === 'vox_signed_in')).toMatchObject({ value: '', path: '/' });
      expect((await refresh(app, cookie)).statusCode).toBe(401);
      // Signing out twice, or without a cookie, is harmless.
      expect((await app.inject({ method: 'POST', url: '/api/users/signOut' })).statusCode).toBe(204);
      expect(
        (await app.inject({ method: 'POST', url: '/api/users/signOut', headers: { 'content-type': 'application/json' }, payload: '' })).statusCode,
      ).toBe(204);
    });
  });
});
