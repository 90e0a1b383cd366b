import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { bearer, build, createUser, type TestUser } from '../../helper';

class LogCapture extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
    done();
  }
}

describe('POST /api/client-errors: a page that failed to draw in the browser', () => {
  let app: FastifyInstance;
  let member: TestUser;
  const capture = new LogCapture();

  beforeAll(async () => {
    app = await build({}, { logger: { level: 'info', stream: capture } });
    member = await createUser(app);
  });
  afterAll(async () => app.close());

  const report = { message: 'Cannot read the friend list', stack: 'Error: Cannot read the friend list\n    at Broken', componentStack: '\n    at Broken\n    at RoutePage', route: 'friends', remote: 'main' };
  const send = (payload: unknown, headers: Record<string, string> = {}, ip = '203.0.113.7') =>
    app.inject({ method: 'POST', url: '/api/client-errors', payload: payload as object, headers, remoteAddress: ip });
  const logged = () => capture.lines.filter((line) => line.msg === 'page failed to draw in the browser');

  it("logs the error at error level with its stack, the route's id, the remote and who saw it", async () => {
    const answer = await send(report, bearer(member));
    expect(answer.statusCode).toBe(204);
    const [entry] = logged().slice(-1);
    expect(entry.level).toBe(50);
    expect(entry.renderError).toEqual(report);
    expect(entry.userId).toBe(member.id);

    expect((await send({ message: 'Signed out, failed too' }, {}, '203.0.113.8')).statusCode).toBe(204);
    expect(logged().slice(-1)[0]).toMatchObject({ renderError: { message: 'Signed out, failed too' }, userId: null });
  });

  it('refuses what is not a report, and anything too long, without logging it', async () => {
    const before = logged().length;
    for (const payload of [{}, { message: 'x'.repeat(2001) }, { message: 'ok', stack: 'x'.repeat(8001) }, { message: 12 }, { message: 'ok', route: 'r'.repeat(201) }]) {
      expect((await send(payload, {}, '203.0.113.9')).statusCode).toBe(400);
    }
    expect(logged().length).toBe(before);
  });

  it('takes at most 10 reports a minute from one address (429 with Retry-After)', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await send(report, {}, '203.0.113.10'));
    expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(204));
    expect(answers[10].statusCode).toBe(429);
    expect(answers[10].headers['retry-after']).toBeDefined();
  });
});
