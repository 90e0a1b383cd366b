import type { FastifyInstance } from 'fastify';
import { bearer, build, createUser, logSink } from '../../helper';
import { RENDER_ERROR_REPORTS_PER_MINUTE } from '../../../src/routes/api/client-errors';
import { freshIp } from './users/kit';

/** The shell's error boundary tells the server's log of a page that threw in a browser. */
describe('POST /api/client-errors', () => {
  let app: FastifyInstance;
  const { lines, stream } = logSink();
  beforeAll(async () => {
    app = await build({}, { logger: { level: 'warn', stream } });
  });
  afterAll(async () => app.close());

  const report = { message: "Cannot read properties of undefined (reading 'map')", stack: 'TypeError: x\n    at EventsPage (events.js:1:2)', componentStack: '\n    at EventsPage\n    at RoutePage', path: '/events' };

  it("logs what threw, where and for whom at error level, and answers no content", async () => {
    const member = await createUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/client-errors', headers: bearer(member), payload: report, remoteAddress: freshIp() });
    expect([res.statusCode, res.body]).toEqual([204, '']);
    const logged = lines.find((l) => l.msg === 'a page failed to draw in the browser');
    expect(logged).toMatchObject({ level: 50, renderError: { ...report, userId: member.id } });
  });

  it('takes a visitor’s report too, refuses a malformed one, and bounds each address', async () => {
    const ip = freshIp();
    const anonymous = await app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: 'boom', path: '/' }, remoteAddress: ip });
    expect(anonymous.statusCode).toBe(204);
    const bad = await app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: 'x'.repeat(4001), path: '/' }, remoteAddress: freshIp() });
    expect(bad.statusCode).toBe(400);
    const answers: number[] = [];
    for (let i = 1; i < RENDER_ERROR_REPORTS_PER_MINUTE + 3; i++) {
      answers.push((await app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: `boom ${i}`, path: '/' }, remoteAddress: ip })).statusCode);
    }
    expect(answers.filter((s) => s === 204)).toHaveLength(RENDER_ERROR_REPORTS_PER_MINUTE - 1);
    expect(answers.slice(-2)).toEqual([429, 429]);
  });
});
