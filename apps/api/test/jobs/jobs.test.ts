import type { FastifyInstance } from 'fastify';
import { bearer, build, createUser, type TestUser } from '../helper';

/**
 * The job queue's promises, on both implementations: in-process (the SQLite default) and
 * pg-boss (PostgreSQL: DATABASE_URL, else the local test database).
 */
describe.each(['in-process', 'pg-boss'] as const)('job queue: %s', (kind) => {
  let app: FastifyInstance;
  let staff: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    const saved = process.env.DATABASE_URL;
    if (kind === 'pg-boss') process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
    else delete process.env.DATABASE_URL;
    try {
      app = await build({ JOBS_POLL_SECONDS: '0.5' });
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
    [staff, member] = await Promise.all([createUser(app, { role: 'staff' }), createUser(app)]);
  }, 30_000);
  // A handler a failed test left waiting is let go first: the queue's stop waits for its running
  // jobs, and its polling timers must not outlive this file (they broke the next file in the worker).
  const gates: Array<() => void> = [];
  afterAll(async () => {
    for (const release of gates) release();
    await app?.close();
  });

  async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const finished = (name: string, id: string) =>
    until(`${name} to finish`, async () => {
      const s = await app.jobs.status(name, id);
      return s && (s.state === 'completed' || s.state === 'failed') ? s : undefined;
    });

  it(`is the ${kind} queue`, () => {
    expect(app.jobs.kind).toBe(kind);
  });

  it('retries a failing job with growing delays until it succeeds', async () => {
    const runs: number[] = [];
    await app.jobs.define<{ n: number }>(
      'test.flaky',
      async (job) => {
        runs.push(Date.now());
        if (job.attempt < 3) throw new Error(`flaky run ${job.attempt}`);
      },
      { retryLimit: 3, retryDelaySeconds: 1 },
    );
    const id = await app.jobs.enqueue('test.flaky', { n: 1 });
    const status = await finished('test.flaky', id);
    expect(status).toMatchObject({ id, name: 'test.flaky', state: 'completed', attempts: 3, error: null });
    expect(runs).toHaveLength(3);
    // Not at once: each retry waited (pg-boss spreads the doubled delay with jitter, down to half).
    expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(450);
    expect(runs[2] - runs[1]).toBeGreaterThanOrEqual(900);
  }, 30_000);

  it('a job that keeps failing fails for good and is listed for staff only, with its last error', async () => {
    await app.jobs.define('test.doomed', async () => {
      throw new Error('the mail server said no');
    }, { retryLimit: 1, retryDelaySeconds: 1 });
    const id = await app.jobs.enqueue('test.doomed', { secret: 'not shown' });
    expect(await finished('test.doomed', id)).toMatchObject({ state: 'failed', attempts: 2, error: 'the mail server said no' });

    const res = await app.inject({ method: 'GET', url: '/api/jobs/failures', headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    const listed = res.json().failures.find((f: { id: string }) => f.id === id);
    expect(listed).toMatchObject({ id, name: 'test.doomed', state: 'failed', attempts: 2, error: 'the mail server said no' });
    expect(res.body).not.toContain('not shown');

    const one = await app.inject({ method: 'GET', url: `/api/jobs/test.doomed/${id}`, headers: bearer(staff) });
    expect(one.json()).toMatchObject({ id, state: 'failed' });
    const forMember = await app.inject({ method: 'GET', url: '/api/jobs/failures', headers: bearer(member) });
    expect(forMember.statusCode).toBe(403);
    expect(forMember.json()).toEqual({ message: 'Only staff can see background jobs.' });
    expect((await app.inject({ method: 'GET', url: '/api/jobs/failures' })).statusCode).toBe(401);
    const unknown = await app.inject({ method: 'GET', url: '/api/jobs/test.doomed/00000000-0000-4000-a000-000000000000', headers: bearer(staff) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'This job was not found.' });
  }, 30_000);

  it('the same idempotency key is the same job, run once', async () => {
    let runs = 0;
    await app.jobs.define('test.once', async () => {
      runs++;
    });
    const a = await app.jobs.enqueue('test.once', {}, { key: 'order-42' });
    const b = await app.jobs.enqueue('test.once', {}, { key: 'order-42' });
    expect(b).toBe(a);
    await finished('test.once', a);
    expect(await app.jobs.enqueue('test.once', {}, { key: 'order-42' })).toBe(a);
    await app.jobs.idle();
    expect(runs).toBe(1);
  });

  it('reports progress while running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    gates.push(() => release());
    await app.jobs.define('test.progress', async (job) => {
      await job.progress(0.25);
      await gate;
      await job.progress(1);
    });
    const id = await app.jobs.enqueue('test.progress', {});
    const running = await until('progress', async () => {
      const s = await app.jobs.status('test.progress', id);
      // The handler's progress and the queue's own row are written apart: wait for both.
      return s?.progress === 0.25 && s.state === 'active' ? s : undefined;
    });
    expect(running).toMatchObject({ state: 'active', progress: 0.25, attempts: 1 });
    const viaRoute = await app.inject({ method: 'GET', url: `/api/jobs/test.progress/${id}`, headers: bearer(staff) });
    expect(viaRoute.json()).toMatchObject({ state: 'active', progress: 0.25 });
    release();
    expect(await finished('test.progress', id)).toMatchObject({ state: 'completed', progress: 1 });
  });
});
