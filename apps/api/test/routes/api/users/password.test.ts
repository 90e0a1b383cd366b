import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, MESSAGES } from '@vox/contract/schemas';
import { build } from '../../../helper';
import { resetCodes } from '../../../../src/services/accounts/password-reset';
import { freshIp, login, refresh, refreshCookie, signUp, uniqueEmail } from './kit';
import { readOutbox, resetCodeFrom as codeFromOutbox } from '../../../fixtures/outbox';

describe('POST /api/users/password/code, verify, reset', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let outbox: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-reset-'));
    outbox = path.join(dataDir, 'mail');
    app = await build({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object, remoteAddress = freshIp()) =>
    app.inject({ method: 'POST', url: `/api/users/password/${url}`, payload, remoteAddress });

  async function requestCode(email: string) {
    const res = await post('code', { username: email });
    expect(res.statusCode).toBe(200);
    await app.mailer.idle();
    return res;
  }

  it('mails a code that verifies, resets the password once, and ends every session', async () => {
    const { email, password } = await signUp(app);
    const sessionCookie = refreshCookie(await login(app, email, password))?.value;
    const res = await requestCode(email);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.codeSent });
    const code = codeFromOutbox(outbox, email);
    const mail = readOutbox(outbox).find((m) => m.includes(`To: ${email}`)) ?? '';
    expect(mail).toContain('reset the password of your VoxClub account');
    expect(mail).toContain('expires in 10 minutes');

    const verify = await post('verify', { username: email, code });
    expect(verify.statusCode).toBe(200);
    // Verifying does not use the code up: the reset step still takes it.
    const reset = await post('reset', { username: email, code, password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: MESSAGES.resetDone });

    expect((await login(app, email, password)).statusCode).toBe(401);
    expect((await login(app, email, 'brand-new-pass')).statusCode).toBe(200);
    expect((await refresh(app, sessionCookie)).statusCode).toBe(401);
    // Single use.
    const again = await post('reset', { username: email, code, password: 'another-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.invalidCode });
  });

  it('accepts the code as a number, leading zeros dropped', async () => {
    const { email } = await signUp(app);
    await requestCode(email);
    const code = codeFromOutbox(outbox, email);
    const res = await post('verify', { username: email, code: Number(code) });
    expect(res.statusCode).toBe(200);
  });

  it('answers unknown emails exactly like known ones, and never mails them', async () => {
    const unknown = uniqueEmail('ghost');
    const res = await requestCode(unknown);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.codeSent });
    expect(readOutbox(outbox).some((m) => m.includes(unknown))).toBe(false);
    // The resend limit applies the same way.
    const soon = await post('code', { username: unknown });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({ message: AUTH_MESSAGES.resendTooSoon });
    const wrong = await post('verify', { username: unknown, code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.invalidCode });
  });

  it('allows one resend a minute, and a new code voids the old one', async () => {
    const { email } = await signUp(app);
    await requestCode(email);
    const first = codeFromOutbox(outbox, email);
    const soon = await post('code', { username: email });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({ message: AUTH_MESSAGES.resendTooSoon });
    // A minute later (moved back in the database) a new code can be sent.
    await app.db
      .updateTable('password_resets')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('email', '=', email)
      .execute();
    await requestCode(email);
    const second = codeFromOutbox(outbox, email);
    if (first !== second) expect((await post('verify', { username: email, code: first })).statusCode).toBe(400);
    expect((await post('verify', { username: email, code: second })).statusCode).toBe(200);
  });

  it('voids a code after 5 wrong tries', async () => {
    const { email } = await signUp(app);
    await requestCode(email);
    const code = codeFromOutbox(outbox, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('verify', { username: email, code: wrongCode });
      expect(res.statusCode).toBe(400);
    }
    const right = await post('verify', { username: email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: AUTH_MESSAGES.invalidCode });
  });

  it.each(['verify', 'reset'])('checks at most 5 of 50 parallel wrong codes against one code (%s)', async (step) => {
    const { email } = await signUp(app);
    await requestCode(email);
    const code = codeFromOutbox(outbox, email);
    const wrong = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const matches = jest.spyOn(resetCodes, 'matches');
    try {
      const answers = await Promise.all(wrong.map((guess) => post(step, { username: email, code: guess, password: 'new-secret' })));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(400));
      expect(new Set(answers.map((r) => r.json().message))).toEqual(new Set([AUTH_MESSAGES.invalidCode]));
      expect(matches.mock.calls.length).toBeLessThanOrEqual(5);
    } finally {
      matches.mockRestore();
    }
    // The code's five tries are used up: the right code no longer works.
    expect((await post(step, { username: email, code, password: 'new-secret' })).statusCode).toBe(400);
  });

  it('a right code verified after wrong tries still resets', async () => {
    const { email } = await signUp(app);
    await requestCode(email);
    const code = codeFromOutbox(outbox, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await post('verify', { username: email, code: wrongCode })).statusCode).toBe(400);
    expect((await post('verify', { username: email, code })).statusCode).toBe(200);
    expect((await post('verify', { username: email, code })).statusCode).toBe(200);
    expect((await post('reset', { username: email, code, password: 'new-secret' })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { email } = await signUp(app);
    await requestCode(email);
    const code = codeFromOutbox(outbox, email);
    await app.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    const res = await post('reset', { username: email, code, password: 'brand-new-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalidCode });
  });

  it('allows at most 10 wrong codes per account in 24 hours, across codes', async () => {
    const { email } = await signUp(app);
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    await requestCode(email);
    let code = codeFromOutbox(outbox, email);
    for (let i = 0; i < 5; i++) await post('verify', { username: email, code: wrongFor(code) });
    await app.db
      .updateTable('password_resets')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('email', '=', email)
      .execute();
    await requestCode(email);
    code = codeFromOutbox(outbox, email);
    for (let i = 0; i < 5; i++) expect((await post('verify', { username: email, code: wrongFor(code) })).statusCode).toBe(400);
    const blocked = await post('verify', { username: email, code });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: AUTH_MESSAGES.tooManyWrongCodes });
  });

  it('checks the new password before the code, with the seed text', async () => {
    const { email } = await signUp(app);
    await requestCode(email);
    const code = codeFromOutbox(outbox, email);
    const res = await post('reset', { username: email, code, password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.shortPassword });
    // The short password did not cost the code.
    expect((await post('reset', { username: email, code, password: '123456' })).statusCode).toBe(200);
  });

  it('refuses an invalid email when asking for a code', async () => {
    const res = await post('code', { username: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.invalidEmail });
  });
});
