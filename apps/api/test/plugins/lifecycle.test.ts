import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { build } from '../helper';
import { newId } from '../../src/db/ids';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A TCP relay to a real service that the test can cut and restore, on the same port. */
async function relay(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let server: net.Server;
  const listen = (at: number) =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(port), hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(at, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const at = await listen(0);
  return {
    url: (scheme: string, rest = '') => `${scheme}://${new URL(target).username ? `${new URL(target).username}@` : ''}127.0.0.1:${at}${rest}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: () => listen(at),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ready = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /api/ready', () => {
  it('is ready on the one-process default: database, storage and jobs answer', async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    const app = await build().finally(() => saved !== undefined && (process.env.DATABASE_URL = saved));
    try {
      expect(await ready(app)).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', storage: 'ok', jobs: 'ok' } } });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });

  it('fails while PostgreSQL and Redis are unreachable, and recovers when they are back', async () => {
    const pgRelay = await relay(PG_URL);
    const redisRelay = await relay(REDIS_URL);
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = PG_URL;
    const app = await build({
      DATABASE_URL: pgRelay.url('postgres', new URL(PG_URL).pathname),
      REDIS_URL: redisRelay.url('redis'),
      REDIS_PREFIX: `vox-ready-${newId(8)}:`,
    }).finally(() => (saved === undefined ? delete process.env.DATABASE_URL : (process.env.DATABASE_URL = saved)));
    try {
      expect(await ready(app)).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'ok', jobs: 'ok' } } });
      await pgRelay.cut();
      await redisRelay.cut();
      expect(await ready(app)).toEqual({
        status: 503,
        body: { status: 'unavailable', checks: { database: 'unreachable', redis: 'unreachable', storage: 'ok', jobs: 'unreachable' } },
      });
      await pgRelay.restore();
      await redisRelay.restore();
      const end = Date.now() + 40_000;
      let last = await ready(app);
      while (last.status !== 200 && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 250));
        last = await ready(app);
      }
      expect(last.status).toBe(200);
    } finally {
      await app.close();
      await pgRelay.close();
      await redisRelay.close();
    }
  }, 90_000);

  it('a job that finishes while PostgreSQL is unreachable leaves no unhandled rejection (the process lives)', async () => {
    const pgRelay = await relay(PG_URL);
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = PG_URL;
    const app = await build({ DATABASE_URL: pgRelay.url('postgres', new URL(PG_URL).pathname), JOBS_POLL_SECONDS: '0.5' }).finally(() =>
      saved === undefined ? delete process.env.DATABASE_URL : (process.env.DATABASE_URL = saved),
    );
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let restored = false;
    try {
      let finished!: () => void;
      const ran = new Promise<void>((resolve) => (finished = resolve));
      await app.jobs.define('test.cut-mid-run', async () => {
        // The database goes away while the job runs; pg-boss then settles the job (unawaited).
        await pgRelay.cut();
        finished();
        throw new Error('lost the database');
      }, { retryLimit: 0 });
      await app.jobs.enqueue('test.cut-mid-run', {});
      await ran;
      await new Promise((r) => setTimeout(r, 1_500));
      expect(unhandled).toEqual([]);
      await pgRelay.restore();
      restored = true;
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    } finally {
      process.off('unhandledRejection', onUnhandled);
      if (!restored) await pgRelay.restore();
      await app.close();
      await pgRelay.close();
    }
  }, 60_000);
});

describe('graceful shutdown', () => {
  it('readiness answers 503 "shutting down" once draining (SIGTERM), while everything still answers', async () => {
    const app = await build();
    try {
      app.lifecycle.draining = true;
      expect(await ready(app)).toMatchObject({ status: 503, body: { status: 'shutting down', checks: { database: 'ok', storage: 'ok', jobs: 'ok' } } });
    } finally {
      await app.close();
    }
  });

  it('a request in flight when closing starts still gets its answer; readiness says shutting down; running jobs finish', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const app = await build({}, {
      setup: (a) => {
        a.get('/slow-for-test', async () => {
          await gate;
          return { done: true };
        });
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    let jobFinished = false;
    let releaseJob!: () => void;
    const jobGate = new Promise<void>((r) => (releaseJob = r));
    await app.jobs.define('test.shutdown', async () => {
      await jobGate;
      jobFinished = true;
    });
    await app.jobs.enqueue('test.shutdown', {});
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path: '/slow-for-test', agent: false }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 200));
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    // New connections are refused from now on; the flag readiness answers from is set.
    const drainingDuringClose = app.lifecycle.draining;
    expect(closed).toBe(false);
    release();
    expect(await answer).toEqual({ status: 200, body: '{"done":true}' });
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false); // the running job holds the close until it finishes
    releaseJob();
    await closing;
    expect(jobFinished).toBe(true);
    expect(drainingDuringClose).toBe(true);
  });
});
