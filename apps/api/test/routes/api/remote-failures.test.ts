import type { FastifyInstance } from 'fastify';
import type { RemoteFailureBeacon } from '@vox/contract/schemas';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { REMOTE_FAILURES_PER_MINUTE } from '../../../src/routes/api/vitals';
import { freshIp } from './users/kit';

/** Remote load failures: the shell's report as it turns to a fallback (anyone, bounded), and the dashboard's read per remote version. */
describe('/api/vitals/remote-failures', () => {
  let app: FastifyInstance;
  let staff: TestUser;
  let member: TestUser;

  const failure = (more: Partial<RemoteFailureBeacon> = {}): RemoteFailureBeacon => ({
    site: 'main',
    remote: 'main',
    version: '0123456789ab-abc1234',
    fallbackVersion: 'built-in',
    recovered: true,
    reason: 'Failed to load the remote entry',
    ...more,
  });
  const post = (payload: unknown, headers: Record<string, string> = {}, ip = freshIp()) =>
    app.inject({ method: 'POST', url: '/api/vitals/remote-failures', payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers }, remoteAddress: ip });
  const read = (query: string, user: TestUser | null = staff) => app.inject({ method: 'GET', url: `/api/vitals/remote-failures?${query}`, headers: user ? bearer(user) : {} });

  beforeAll(async () => {
    app = await build();
    staff = await createUser(app, { role: 'staff' });
    member = await createUser(app);
    await app.vitals.recordFailure(failure(), new Date('2026-03-02T10:00:00.000Z'));
    await app.vitals.recordFailure(failure({ recovered: false, reason: 'ChunkLoadError: Loading chunk 12 failed.' }), new Date('2026-03-03T10:00:00.000Z'));
    await app.vitals.recordFailure(failure({ remote: 'school', site: 'school', version: 'bbbbbbbbbbbb-bbbbbbb', fallbackVersion: 'aaaaaaaaaaaa-aaaaaaa' }), new Date('2026-03-03T11:00:00.000Z'));
    await app.vitals.recordFailure(failure(), new Date('2026-02-28T23:59:59.999Z'));
  });
  afterAll(async () => app.close());

  it('counts failures per remote version and fallback over the days asked for, most first, with the latest reason', async () => {
    const res = await read('from=2026-03-01&to=2026-03-03');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-03-01',
      to: '2026-03-03',
      groups: [
        { remote: 'main', version: '0123456789ab-abc1234', fallbackVersion: 'built-in', count: 2, recovered: 1, lastAt: '2026-03-03T10:00:00.000Z', lastReason: 'ChunkLoadError: Loading chunk 12 failed.' },
        { remote: 'school', version: 'bbbbbbbbbbbb-bbbbbbb', fallbackVersion: 'aaaaaaaaaaaa-aaaaaaa', count: 1, recovered: 1, lastAt: '2026-03-03T11:00:00.000Z', lastReason: 'Failed to load the remote entry' },
      ],
    });
    expect((await read('from=2026-03-03&to=2026-03-01')).statusCode).toBe(400);
  });

  it('is read by staff only', async () => {
    expect((await read('', null)).statusCode).toBe(401);
    expect((await read('', member)).statusCode).toBe(403);
  });

  it("stores a visitor's report sent as sendBeacon sends it, and refuses what is malformed, too large or foreign", async () => {
    const sent = failure({ version: 'ccccccccccc1-ccccccc', reason: 'entry 404' });
    expect((await post(sent)).statusCode).toBe(204);
    const rows = await app.db.selectFrom('remote_load_failures').selectAll().where('version', '=', 'ccccccccccc1-ccccccc').execute();
    expect(rows).toEqual([{ received_at: expect.any(String), site: 'main', remote: 'main', version: 'ccccccccccc1-ccccccc', fallback_version: 'built-in', recovered: 1, reason: 'entry 404' }]);
    expect((await post(failure({ reason: 'x'.repeat(301) }))).statusCode).toBe(400);
    expect((await post(failure({ version: 'no spaces' }))).statusCode).toBe(400);
    expect((await post({ ...failure(), site: 'elsewhere' })).statusCode).toBe(400);
    const large = await post(JSON.stringify(failure()) + ' '.repeat(1024));
    expect([large.statusCode, large.json().message]).toEqual([413, 'The request is too large. The limit is 1 KB.']);
    const foreign = await post(failure(), { origin: 'https://elsewhere.example' });
    expect([foreign.statusCode, foreign.json().message]).toEqual([403, 'Requests from this site are not accepted.']);
  });

  it('limits each address, answering 429', async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < REMOTE_FAILURES_PER_MINUTE + 1; i++) answers.push((await post(failure({ version: 'dddddddddddd-ddddddd' }), {}, ip)).statusCode);
    expect(answers.filter((s) => s === 204)).toHaveLength(REMOTE_FAILURES_PER_MINUTE);
    expect(answers[REMOTE_FAILURES_PER_MINUTE]).toBe(429);
  });

  it('keeps failures for VITALS_RETENTION_DAYS', async () => {
    // 30 days (the default) before 2 April 09:00: the failures of 2 March and before go.
    await app.vitalsRetention.prune(new Date('2026-04-02T09:00:00.000Z'));
    const left = await app.db.selectFrom('remote_load_failures').select('received_at').where('received_at', '<', '2026-03-05').orderBy('received_at').execute();
    expect(left.map((r) => r.received_at)).toEqual(['2026-03-03T10:00:00.000Z', '2026-03-03T11:00:00.000Z']);
  });
});
