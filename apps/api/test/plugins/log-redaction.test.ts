import type { FastifyInstance } from 'fastify';
import { build, logSink } from '../helper';
import { freshIp, refreshCookie, signUp } from '../routes/api/users/kit';

describe('logs never hold passwords, tokens or codes', () => {
  let app: FastifyInstance;
  const { stream, text: log } = logSink();
  beforeAll(async () => {
    // Most verbose level, so every request line and hook log is included.
    app = await build({}, { logger: { level: 'trace', stream } });
  });
  afterAll(async () => app.close());

  it('keeps credentials out of every log line of a sign-up, sign-in, refresh, reset and sign-out', async () => {
    const password = 'Pa55-unique-' + Date.now();
    const { email } = await signUp(app, undefined, password);
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/authenticate',
      payload: { username: email, password },
      remoteAddress: freshIp(),
    });
    const { token } = login.json();
    const cookie = refreshCookie(login)?.value as string;
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/users/refresh-token',
      headers: { cookie: `vox_refresh=${cookie}`, authorization: `Bearer ${token}` },
    });
    const newCookie = refreshCookie(refreshed)?.value as string;
    await app.inject({ method: 'POST', url: '/api/users/password/code', payload: { username: email }, remoteAddress: freshIp() });
    await app.mailer.idle();
    const code = '123456';
    await app.inject({ method: 'POST', url: '/api/users/password/verify', payload: { username: email, code }, remoteAddress: freshIp() });
    await app.inject({ method: 'POST', url: '/api/users/signOut', headers: { cookie: `vox_refresh=${newCookie}` } });

    expect(log().length).toBeGreaterThan(0);
    expect(log()).toContain('/api/users/authenticate'); // requests are logged...
    for (const secret of [password, token, cookie, newCookie, `"${code}"`]) expect(log()).not.toContain(secret); // ...their secrets are not
  });
});
