import Redis from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { SCRIPT_MESSAGES } from '@vox/contract/schemas';
import { bearer, build, createUser } from '../helper';
import { balcony, postScript } from '../routes/api/scripts-kit';
import { newId } from '../../src/db/ids';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LARGE_SAVE_SECONDS = 300;

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

describe('per-IP attempt limit in Redis (REDIS_URL)', () => {
  // A unique prefix per run: parallel runs and other tests never share counters.
  const prefix = `vox-test-${newId(10)}:`;
  let apps: FastifyInstance[] = [];
  let reachable = false;

  beforeAll(async () => {
    reachable = await redisReachable();
    // The suite needs a real Redis (README); a missing one must fail, not pass untested.
    if (!reachable) throw new Error(`Redis is not reachable at ${REDIS_URL} (set TEST_REDIS_URL, or start redis-server)`);
    // Two API instances sharing one Redis, as behind a load balancer.
    // A large save's window outlasts the first save on a busy machine (parsing and writing 3,000
    // lines took over the default 10 s beside other suites), so the second lands inside it.
    const env = { REDIS_URL, REDIS_PREFIX: prefix, LARGE_SCRIPT_SAVE_INTERVAL_SECONDS: String(LARGE_SAVE_SECONDS) };
    apps = [await build(env), await build(env)];
  });

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    if (!reachable) return;
    const redis = new Redis(REDIS_URL);
    // Flush only this run's keys.
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 100);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  });

  it('counts attempts across instances and answers the 21st with 429', async () => {
    const ip = '192.0.2.10';
    const attempt = (i: number) =>
      apps[i % 2].inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'x@example.com', password: 'wrong-pass' }, remoteAddress: ip });
    for (let i = 0; i < 20; i++) expect((await attempt(i)).statusCode).toBe(401);
    const limited = await attempt(20);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please wait a minute and try again.' });
    const redis = new Redis(REDIS_URL);
    expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    await redis.quit();
  });

  it("spaces one member's large script saves across instances", async () => {
    const owner = await createUser(apps[0]);
    // 3,000 lines: a body of about 250 KB, over the 128 KB of a large write.
    const long = balcony({ lines: Array.from({ length: 3000 }, (_, i) => ({ kind: 'dialogue' as const, role: i % 2 ? 'Romeo' : 'Juliet', text: `Line ${i}, said across the orchard.` })) });
    const script = await postScript(apps[0], owner, long);
    const first = await apps[0].inject({ method: 'PUT', url: `/api/scripts/${script.id}`, headers: bearer(owner), payload: { ...long, title: 'Saved on one' } });
    expect(first.statusCode).toBe(200);
    // The same member, through the other instance, within the interval.
    const onOther = { authorization: `Bearer ${await apps[1].signAccessToken(owner.id)}` };
    const second = await apps[1].inject({ method: 'PUT', url: `/api/scripts/${script.id}`, headers: onOther, payload: { ...long, title: 'Saved on two' } });
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(SCRIPT_MESSAGES.largeSaveTooSoon(LARGE_SAVE_SECONDS, Number(second.headers['retry-after'])));
  }, 60_000);
});
