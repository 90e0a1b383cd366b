import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../../../helper';
import { MESSAGE_SESSION_EXPIRED } from '../../../../src/plugins/app/authentication';
import { freshIp, login, refresh, refreshCookie, signUp } from './kit';
import { resetCodeFrom } from '../../../fixtures/outbox';

/**
 * Access tokens die with their session at once, not up to 15 minutes later: on sign-out, on a
 * password reset (every session of the account) and when refresh-token reuse revokes a session.
 */
describe('immediate revocation of access tokens', () => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-revoke-'));
    app = await build({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const subscriptions = (token: string) => app.inject({ method: 'GET', url: '/api/subscriptions', headers: { authorization: `Bearer ${token}` } });
  async function expectRevoked(token: string) {
    const res = await subscriptions(token);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 401, body: { message: MESSAGE_SESSION_EXPIRED } });
  }

  async function session(email: string, password: string) {
    const res = await login(app, email, password);
    const token = res.json().token as string;
    // Used once, so it sits in the verified-token cache like a polling tab's token.
    expect((await subscriptions(token)).statusCode).toBe(200);
    return { token, cookie: refreshCookie(res)?.value as string };
  }

  it('ends the access token of the session that signs out, and only that one', async () => {
    const { email, password } = await signUp(app);
    const laptop = await session(email, password);
    const phone = await session(email, password);
    const out = await app.inject({ method: 'POST', url: '/api/users/signOut', headers: { cookie: `vox_refresh=${laptop.cookie}` } });
    expect(out.statusCode).toBe(204);
    await expectRevoked(laptop.token);
    expect((await subscriptions(phone.token)).statusCode).toBe(200);
  });

  it('ends every access token of the account on a password reset', async () => {
    const { email, password } = await signUp(app);
    const first = await session(email, password);
    const second = await session(email, password);
    expect((await app.inject({ method: 'POST', url: '/api/users/password/code', payload: { username: email }, remoteAddress: freshIp() })).statusCode).toBe(200);
    await app.mailer.idle();
    const code = resetCodeFor(dataDir, email);
    const reset = await app.inject({ method: 'POST', url: '/api/users/password/reset', payload: { username: email, code, password: 'brand-new-pass' }, remoteAddress: freshIp() });
    expect(reset.statusCode).toBe(200);
    await expectRevoked(first.token);
    await expectRevoked(second.token);
    // Signing in again works, with a token that is not revoked.
    const again = await session(email, 'brand-new-pass');
    expect((await subscriptions(again.token)).statusCode).toBe(200);
  });

  it('ends the access tokens of a session whose refresh token was reused', async () => {
    const { email, password } = await signUp(app);
    const victim = await session(email, password);
    const rotated = await refresh(app, victim.cookie);
    const rotatedToken = rotated.json().token as string;
    expect((await subscriptions(rotatedToken)).statusCode).toBe(200);
    await app.db.updateTable('refresh_tokens').set({ rotated_at: new Date(Date.now() - 11_000).toISOString() }).where('rotated_at', 'is not', null).execute();
    expect((await refresh(app, victim.cookie)).statusCode).toBe(401);
    await expectRevoked(victim.token);
    await expectRevoked(rotatedToken);
  });
});

/** The newest reset code mailed to `email` (the .eml outbox in DATA_DIR/mail). */
const resetCodeFor = (dataDir: string, email: string) => resetCodeFrom(path.join(dataDir, 'mail'), email);
