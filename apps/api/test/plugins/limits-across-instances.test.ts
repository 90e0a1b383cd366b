import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, CLASS_MESSAGES, SOCIAL_MESSAGES } from '@vox/contract/schemas';
import { bearer, build, createUser } from '../helper';
import { newId } from '../../src/db/ids';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE_URL = process.env.DATABASE_URL;

/**
 * The limits that guard accounts hold across API instances: two instances sharing one Redis
 * (REDIS_URL) and one database, as behind a load balancer, with every other request going to the
 * other instance. A limit kept in one process's memory would let each instance count only half,
 * and these tests would see no limit at all.
 */
describe('security limits across two API instances (shared Redis and database)', () => {
  const prefix = `vox-test-${newId(10)}:`;
  // One store for both: a DATA_DIR (SQLite) or a PostgreSQL schema, made here and given to each.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-two-'));
  const schema = `t_two_${newId(10).toLowerCase()}`;
  let apps: FastifyInstance[] = [];

  const withPg = async (sql: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };

  beforeAll(async () => {
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
    probe.on('error', () => undefined);
    // The suite needs a real Redis (README); a missing one must fail, not pass untested.
    await probe.connect().catch(() => {
      throw new Error(`Redis is not reachable at ${REDIS_URL} (set TEST_REDIS_URL, or start redis-server)`);
    });
    probe.disconnect();
    if (DATABASE_URL) await withPg(`CREATE SCHEMA ${schema}`);
    const shared = { REDIS_URL, REDIS_PREFIX: prefix, DATA_DIR: dataDir, ...(DATABASE_URL ? { DATABASE_SCHEMA: schema } : {}) };
    // One after the other: the first migrates the shared store, the second finds it done.
    apps = [await build(shared)];
    apps.push(await build(shared));
  }, 60_000);

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    if (DATABASE_URL) await withPg(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 100);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  });

  /** The i-th request goes to instance i % 2. */
  const to = (i: number) => apps[i % 2];
  let address = 0;
  const freshIp = () => `198.18.${(++address >> 8) & 255}.${address & 255}`;

  it('locks an account after 10 wrong passwords spread over both instances (the lockout is a row)', async () => {
    const user = await createUser(apps[0]);
    for (let i = 0; i < 10; i++) {
      const wrong = await to(i).inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: user.email, password: `wrong-${i}` }, remoteAddress: freshIp() });
      expect(wrong.statusCode).toBe(401);
    }
    for (const app of apps) {
      const right = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: user.email, password: user.password }, remoteAddress: freshIp() });
      expect([right.statusCode, right.json()]).toEqual([401, { message: AUTH_MESSAGES.wrongCredentials }]);
    }
  });

  it('counts sign-ups from one address on both instances: the 21st in the minute is refused', async () => {
    const ip = freshIp();
    const signUp = (i: number) => to(i).inject({ method: 'POST', url: '/api/users/create', payload: { username: `two-${newId(8).toLowerCase()}@example.com`, password: 'two-password' }, remoteAddress: ip });
    for (let i = 0; i < 20; i++) expect((await signUp(i)).statusCode).toBe(201);
    const refused = await signUp(20);
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: AUTH_MESSAGES.tooManyAttempts }]);
  });

  it("counts one member's friend requests on both instances: the 31st in the minute is refused", async () => {
    const member = await createUser(apps[0]);
    const ask = (i: number) => to(i).inject({ method: 'POST', url: '/api/friendships/requests', headers: bearer(member), payload: { to: `nobody-${i}@example.com` }, remoteAddress: freshIp() });
    for (let i = 0; i < 30; i++) expect((await ask(i)).statusCode).toBe(404);
    const refused = await ask(30);
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: SOCIAL_MESSAGES.tooManyRequests }]);
  });

  it("counts one address's set-password tries on both instances: 5 at a code (rows), 10 in all (Redis)", async () => {
    const teacher = await createUser(apps[0], { role: 'teacher' });
    const cls = await apps[0].inject({ method: 'POST', url: '/api/school/classes', headers: bearer(teacher), payload: { name: 'Two rooms', term: 'Spring 2027', description: '' } });
    expect(cls.statusCode).toBe(201);
    const enrolled = await apps[1].inject({ method: 'POST', url: `/api/school/classes/${cls.json().id}/students`, headers: bearer(teacher), payload: { csv: 'Tia Two,tia.two' } });
    const [tia] = enrolled.json().created as { code: string }[];
    const guesser = freshIp();
    const setPassword = (i: number, userId: string, code: string, remoteAddress = guesser) =>
      to(i).inject({ method: 'POST', url: '/api/school/set-password', payload: { userId, code, password: 'tia-password' }, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await setPassword(i, 'tia.two', 'AAAA-AAAA')).statusCode).toBe(400);
    // That address is out of tries at this code on either instance, even with the right code.
    for (let i = 5; i < 7; i++) expect([(await setPassword(i, 'tia.two', tia.code)).statusCode]).toEqual([429]);
    // Three more requests (other User IDs) reach the ten an address may make in ten minutes.
    for (let i = 7; i < 10; i++) expect((await setPassword(i, `nobody.${i}`, 'AAAA-AAAA')).statusCode).toBe(400);
    const paused = await setPassword(10, 'nobody.10', 'AAAA-AAAA');
    expect([paused.statusCode, paused.json()]).toEqual([429, { message: CLASS_MESSAGES.codeInvalid }]);
    // The student, from another address, still sets the password with the code.
    expect((await setPassword(11, 'tia.two', tia.code, freshIp())).statusCode).toBe(200);
  });
});
