import type { FastifyInstance } from 'fastify';
import type { VitalsBeacon } from '@vox/contract/schemas';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { VITALS_BEACONS_PER_MINUTE } from '../../../src/routes/api/vitals';
import { freshIp } from './users/kit';

/**
 * Real-user web vitals: the pages' beacons (anyone, bounded) and the dashboard's p75 and rating
 * shares, checked against rows whose answers were worked out by hand.
 */
describe('/api/vitals', () => {
  let app: FastifyInstance;
  let staff: TestUser;
  let member: TestUser;

  const beacon = (more: Partial<VitalsBeacon> = {}): VitalsBeacon => ({
    site: 'main',
    route: 'scripts',
    remote: 'main',
    remoteVersion: 'aaa11111',
    shellVersion: 'shell001',
    device: 'desktop',
    connection: '4g',
    metrics: [{ name: 'LCP', value: 1000 }],
    ...more,
  });
  const post = (payload: unknown, headers: Record<string, string> = {}, ip = freshIp()) =>
    app.inject({ method: 'POST', url: '/api/vitals', payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': 'application/json', ...headers }, remoteAddress: ip });
  const read = (query: string, user: TestUser | null = staff) => app.inject({ method: 'GET', url: `/api/vitals?${query}`, headers: user ? bearer(user) : {} });

  beforeAll(async () => {
    app = await build();
    staff = await createUser(app, { role: 'staff' });
    member = await createUser(app);
    // Version aaa11111 on 2 March: LCP 1000, 2000, 3000, 5000; CLS 0.1 and 0.101 (a threshold and just past it).
    const march2 = new Date('2026-03-02T10:00:00.000Z');
    for (const value of [1000, 2000, 3000, 5000]) await app.vitals.record(beacon({ metrics: [{ name: 'LCP', value }] }), march2);
    await app.vitals.record(beacon({ metrics: [{ name: 'CLS', value: 0.1 }] }), march2);
    await app.vitals.record(beacon({ metrics: [{ name: 'CLS', value: 0.101 }] }), march2);
    // Version bbb22222 on 3 March: LCP 2504 (rounded up to 2510: needs improvement), 2500 (good), 100.
    const march3 = new Date('2026-03-03T23:59:59.000Z');
    for (const value of [2504, 2500, 100]) await app.vitals.record(beacon({ remoteVersion: 'bbb22222', metrics: [{ name: 'LCP', value }] }), march3);
    // Another site on 4 March, outside the site filter below.
    await app.vitals.record(beacon({ site: 'school', route: 'schoolHome', remote: 'school', remoteVersion: 'ccc33333', metrics: [{ name: 'INP', value: 480 }] }), new Date('2026-03-04T00:00:00.000Z'));
    // 28 February: before the range.
    await app.vitals.record(beacon({ metrics: [{ name: 'LCP', value: 9000 }] }), new Date('2026-02-28T23:59:59.999Z'));
  });
  afterAll(async () => app.close());

  it('answers p75 (nearest rank over 10 ms buckets) and good / needs improvement / poor counts per metric and per day', async () => {
    const res = await read('from=2026-03-01&to=2026-03-03&site=main');
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    const byMetric = Object.fromEntries(answer.metrics.map((m: { metric: string }) => [m.metric, m]));
    expect(answer.metrics.map((m: { metric: string }) => m.metric)).toEqual(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']);
    // LCP: 100, 1000, 2000, 2500, 2510, 3000, 5000: the 6th of 7 (ceil(0.75 * 7)) is 3000.
    expect(byMetric.LCP).toEqual({ metric: 'LCP', count: 7, p75: 3000, good: 4, needsImprovement: 2, poor: 1, daily: [null, 3000, 2510] });
    // CLS: 0.1 (good: the threshold is inclusive) and 0.101: the 2nd of 2.
    expect(byMetric.CLS).toEqual({ metric: 'CLS', count: 2, p75: 0.101, good: 1, needsImprovement: 1, poor: 0, daily: [null, 0.101, null] });
    expect(byMetric.INP).toEqual({ metric: 'INP', count: 0, p75: null, good: 0, needsImprovement: 0, poor: 0, daily: [null, null, null] });
  });

  it('groups by site, route and remote version, most samples first, and lists the versions for a comparison', async () => {
    const answer = (await read('from=2026-03-01&to=2026-03-04')).json();
    expect(answer.groups).toEqual([
      { site: 'main', route: 'scripts', remote: 'main', version: 'aaa11111', metric: 'LCP', count: 4, p75: 3000, good: 2, needsImprovement: 1, poor: 1 },
      { site: 'main', route: 'scripts', remote: 'main', version: 'bbb22222', metric: 'LCP', count: 3, p75: 2510, good: 2, needsImprovement: 1, poor: 0 },
      { site: 'main', route: 'scripts', remote: 'main', version: 'aaa11111', metric: 'CLS', count: 2, p75: 0.101, good: 1, needsImprovement: 1, poor: 0 },
      { site: 'school', route: 'schoolHome', remote: 'school', version: 'ccc33333', metric: 'INP', count: 1, p75: 480, good: 0, needsImprovement: 1, poor: 0 },
    ]);
    expect(answer.versions).toEqual([
      { remote: 'school', version: 'ccc33333', count: 1, lastDay: '2026-03-04' },
      { remote: 'main', version: 'bbb22222', count: 3, lastDay: '2026-03-03' },
      { remote: 'main', version: 'aaa11111', count: 6, lastDay: '2026-03-02' },
    ]);
    // One version of one remote: what the comparison shows side by side.
    const one = (await read('from=2026-03-01&to=2026-03-04&remote=main&version=bbb22222')).json();
    expect(one.metrics[0]).toEqual({ metric: 'LCP', count: 3, p75: 2510, good: 2, needsImprovement: 1, poor: 0, daily: [null, null, 2510, null] });
    const route = (await read('from=2026-03-01&to=2026-03-04&route=schoolHome')).json();
    expect(route.metrics[1]).toMatchObject({ metric: 'INP', count: 1, p75: 480 });
  });

  it('is for staff with show_metrics only, and refuses a bad range', async () => {
    expect((await read('', null)).statusCode).toBe(401);
    expect((await read('', member)).statusCode).toBe(403);
    const backwards = await read('from=2026-03-05&to=2026-03-01');
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, 'The range must start on or before its end.']);
    const long = await read('from=2026-01-01&to=2026-04-01');
    expect([long.statusCode, long.json().message]).toEqual([400, 'A range can be at most 90 days long.']);
  });

  it("stores a visitor's beacon sent as sendBeacon sends it (text/plain), with its tags", async () => {
    const sent = beacon({ site: 'podcast', route: 'podcastHome', remote: 'podcast', remoteVersion: 'ddd44444', device: 'mobile', connection: 'unknown', metrics: [{ name: 'TTFB', value: 812.3 }, { name: 'FCP', value: 1200 }] });
    const res = await post(sent, { 'content-type': 'text/plain;charset=UTF-8' });
    expect([res.statusCode, res.body]).toEqual([204, '']);
    const rows = await app.db.selectFrom('web_vitals').selectAll().where('version', '=', 'ddd44444').orderBy('metric').execute();
    expect(rows.map(({ received_at: _at, ...row }) => row)).toEqual([
      { site: 'podcast', route: 'podcastHome', remote: 'podcast', version: 'ddd44444', shell_version: 'shell001', device: 'mobile', connection: 'unknown', metric: 'FCP', value: 1200 },
      { site: 'podcast', route: 'podcastHome', remote: 'podcast', version: 'ddd44444', shell_version: 'shell001', device: 'mobile', connection: 'unknown', metric: 'TTFB', value: 812.3 },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const answer = (await read(`from=${today}&to=${today}&site=podcast`)).json();
    expect(answer.metrics.find((m: { metric: string }) => m.metric === 'TTFB')).toMatchObject({ count: 1, p75: 820, good: 0, needsImprovement: 1 });
  });

  it('refuses what a page never sends: unknown or repeated metrics, too many, out of range, bad tags, too large, from another site', async () => {
    const expectRefused = async (payload: unknown, status: number, message?: string) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    };
    await expectRefused(beacon({ metrics: [{ name: 'FID' as 'LCP', value: 10 }] }), 400);
    await expectRefused(beacon({ metrics: [] }), 400);
    await expectRefused(beacon({ metrics: [{ name: 'LCP', value: 1 }, { name: 'LCP', value: 2 }] }), 400, 'A beacon names each metric at most once.');
    const six = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'LCP'].map((name) => ({ name, value: 1 }));
    await expectRefused(beacon({ metrics: six as VitalsBeacon['metrics'] }), 400);
    await expectRefused(beacon({ metrics: [{ name: 'LCP', value: 120_001 }] }), 400);
    await expectRefused(beacon({ metrics: [{ name: 'CLS', value: -0.1 }] }), 400);
    await expectRefused(beacon({ route: '/session/abc' }), 400);
    await expectRefused(beacon({ remoteVersion: 'x'.repeat(41) }), 400);
    const large = await post(JSON.stringify(beacon()) + ' '.repeat(2048));
    expect([large.statusCode, large.json().message]).toEqual([413, 'The request is too large. The limit is 2 KB.']);
    const foreign = await post(beacon(), { 'content-type': 'text/plain', origin: 'https://elsewhere.example' });
    expect([foreign.statusCode, foreign.json().message]).toEqual([403, 'Requests from this site are not accepted.']);
    const form = await post('a=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(await app.db.selectFrom('web_vitals').select('value').where('value', 'in', [120_001, 10]).execute()).toEqual([]);
  });

  it('limits each address, answering 429 with Retry-After', async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < VITALS_BEACONS_PER_MINUTE + 2; i++) answers.push((await post(beacon({ remoteVersion: 'limit001' }), {}, ip)).statusCode);
    expect(answers.filter((s) => s === 204)).toHaveLength(VITALS_BEACONS_PER_MINUTE);
    const last = await post(beacon(), {}, ip);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps raw rows for VITALS_RETENTION_DAYS and the daily rollup for VITALS_ROLLUP_RETENTION_DAYS', async () => {
    // Defaults 30 and 400 days: on 2 April the raw rows of 2 March and before go, the rollup stays.
    await app.vitalsRetention.prune(new Date('2026-04-02T10:00:00.001Z'));
    const raw = await app.db.selectFrom('web_vitals').select('received_at').where('received_at', '<', '2026-03-05').execute();
    expect(raw.map((r) => r.received_at).sort()).toEqual(['2026-03-03T23:59:59.000Z', '2026-03-03T23:59:59.000Z', '2026-03-03T23:59:59.000Z', '2026-03-04T00:00:00.000Z']);
    expect((await read('from=2026-03-01&to=2026-03-03&site=main')).json().metrics[0]).toMatchObject({ count: 7, p75: 3000 });
    // 400 days after 3 March 2026: the rollup of 2 March goes too.
    await app.vitalsRetention.prune(new Date('2027-04-07T00:00:00.000Z'));
    expect((await read('from=2026-03-01&to=2026-03-03&site=main')).json().metrics[0]).toMatchObject({ count: 3, p75: 2510 });
  });
});
