import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { build, createUser, type TestUser } from './helper';

/** Collects everything the app's pino logger writes. */
class LogCapture extends Writable {
  private chunks: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.chunks.push(chunk.toString('utf8'));
    done();
  }
  get text(): string {
    return this.chunks.join('');
  }
}

// Distinctive values, so finding one anywhere in the log can only mean it leaked.
const PASSWORD = 'Pw-9f3kQ-LOGSECRET';
const CODE = 'C0de7Hq2LogSecr';
const BODY_TOKEN = 'Tok-Zx81-LOGSECRET';
const ID_TOKEN = 'eyIdTok.LOGSECRET.sig';
const COOKIE_VALUE = 'Ck-LOGSECRET-44aa';
const FORGED_BEARER = 'eyForged.LOGSECRET-bearer.sig';

describe('logs never hold credentials', () => {
  let app: FastifyInstance;
  let user: TestUser;
  const capture = new LogCapture();
  const routes: RouteOptions[] = [];
  /** Values the server itself hands out during the test (access tokens, refresh cookies). */
  const issued: string[] = [];

  beforeAll(async () => {
    app = await build({}, { logger: { level: 'trace', stream: capture }, onRoute: (route) => routes.push(route) });
    user = await createUser(app, { password: PASSWORD });
  });
  afterAll(async () => app.close());

  function apiEndpoints(): Array<{ method: string; url: string }> {
    const seen = new Set<string>();
    return routes
      .flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url.replace(/:(\w+)/g, 'Abcdefgh12') })))
      .filter(({ method, url }) => {
        const key = `${method} ${url}`;
        if (method === 'HEAD' || method === 'OPTIONS' || !url.startsWith('/api/') || url.includes('*') || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  }

  async function send(request: InjectOptions) {
    const res = await app.inject(request);
    const body = res.headers['content-type']?.toString().startsWith('application/json') ? (res.json() as Record<string, unknown>) : {};
    if (typeof body.token === 'string') issued.push(body.token);
    for (const cookie of [res.headers['set-cookie'] ?? []].flat()) {
      const value = cookie.split(';')[0].split('=').slice(1).join('=');
      if (value.length >= 16) issued.push(value);
    }
    return res;
  }

  it('sends secrets in headers, cookies and bodies to every /api route', async () => {
    const endpoints = apiEndpoints();
    expect(endpoints.length).toBeGreaterThan(5);
    for (const { method, url } of endpoints) {
      for (const authorization of [`Bearer ${user.token}`, `Bearer ${FORGED_BEARER}`]) {
        await send({
          method: method as InjectOptions['method'],
          url,
          headers: { authorization, cookie: `refresh_token=${COOKIE_VALUE}; refreshToken=${COOKIE_VALUE}; session=${COOKIE_VALUE}` },
          ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)
            ? {
                payload: {
                  username: user.email,
                  password: PASSWORD,
                  newPassword: PASSWORD,
                  code: CODE,
                  token: BODY_TOKEN,
                  idToken: ID_TOKEN,
                  context: { password: PASSWORD, token: BODY_TOKEN, code: CODE },
                },
              }
            : {}),
        });
      }
    }
  });

  it('signs in for real, so issued tokens and cookies pass through the logger too', async () => {
    const res = await send({ method: 'POST', url: '/api/users/authenticate', payload: { username: user.email, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(issued.length).toBeGreaterThan(0);
  });

  it('logs a failing request (a 500) without the secrets it carried', async () => {
    // Break the activities table so the next insert fails deep in the database layer.
    await sql`DROP TABLE activities`.execute(app.db);
    const res = await send({
      method: 'POST',
      url: '/api/activities/',
      headers: { authorization: `Bearer ${user.token}`, cookie: `refresh_token=${COOKIE_VALUE}` },
      payload: { userId: user.id, localTime: PASSWORD, session: 'Abcdefgh12', path: `/s/${BODY_TOKEN}`, action: 'login', context: { password: PASSWORD, code: CODE } },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.body).not.toContain('activities');
  });

  it('wrote a log, and nothing in it is a credential', () => {
    const log = capture.text;
    // One access-log line per request, holding both the request and the answer.
    expect(log).not.toContain('incoming request');
    const lines = log.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { msg?: string; req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number });
    const signIn = lines.filter((line) => line.msg === 'request completed' && line.req?.url === '/api/users/authenticate');
    expect(signIn.length).toBeGreaterThan(0);
    expect(signIn[0]).toMatchObject({ req: { method: 'POST' }, res: { statusCode: expect.any(Number) }, responseTime: expect.any(Number) });
    expect(log).toMatch(/"level":50/); // the 500 above was logged as an error
    const secrets = [PASSWORD, CODE, BODY_TOKEN, ID_TOKEN, COOKIE_VALUE, FORGED_BEARER, user.token, ...issued];
    for (const secret of secrets) {
      expect({ secret, leaked: log.includes(secret) }).toEqual({ secret, leaked: false });
    }
    // A JWT's signature alone would be enough to replay it.
    expect(log).not.toContain(user.token.split('.')[2]);
  });
});
