import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { build } from '../../../helper';
import { freshIp, login, signUp } from './kit';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(to: string): Promise<Received> {
      for (;;) {
        const mail = received.find((m) => m.to.includes(to));
        if (mail) return mail;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('password reset over a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await build({ SMTP_URL: smtp.url, MAIL_FROM: 'VoxClub <no-reply@voxclub.test>' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('delivers the code; verify, reset and sign in with the new password', async () => {
    const { email } = await signUp(app);
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/users/password/${url}`, payload, remoteAddress: freshIp() });

    expect((await post('code', { username: email })).statusCode).toBe(200);
    const mail = await smtp.next(email);
    const text = mail.raw.replace(/=\r?\n/g, '');
    expect(text).toContain('Subject: Your VoxClub password reset code');
    expect(text).toContain('expires in 10 minutes');
    const code = /Your code is: (\d{6})/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    expect((await post('verify', { username: email, code })).statusCode).toBe(200);
    expect((await post('reset', { username: email, code, password: 'fresh-password' })).statusCode).toBe(200);
    const res = await login(app, email, 'fresh-password');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role.name).toBe('member');
  });
});
