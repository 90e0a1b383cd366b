import type { FastifyInstance } from 'fastify';
import { newId } from '../../../src/db/ids';
import { insertActivity } from '../../../src/repositories/activities';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { routePattern, variantOfHost } from '../../../src/services/metrics/metrics-routes';
import { dayEdges, localMidnight, offsetSpans, dayNumber } from '../../../src/services/metrics/metrics-days';

/**
 * The metrics dashboard's counts against a fixed fixture whose answers were worked out by hand,
 * including the edges of days in Europe/Berlin across the 2026 change to summer time (Sunday
 * 29 March, 01:00 UTC: 02:00 CET becomes 03:00 CEST, so that day is 23 hours long).
 */
describe('GET /api/metrics', () => {
  let app: FastifyInstance;
  let staff: TestUser;
  let member: TestUser;
  const users: Record<string, string> = {};

  const activity = (createdAt: string, user: string | null, action: string, variant: string | null, route: string | null) => ({
    id: newId(),
    user_id: user ? users[user] : null,
    local_time: createdAt,
    session: 'Fixture001',
    path: route ? route.replace(':id', `x${newId(6)}`) : '/',
    action,
    context: null,
    created_at: createdAt,
    variant,
    route,
  });

  beforeAll(async () => {
    app = await build();
    staff = await createUser(app, { role: 'staff' });
    member = await createUser(app);
    for (const name of ['u1', 'u2', 'u3', 'u4']) users[name] = (await createUser(app)).id;
    const rows = [
        // 1. Berlin 23:30 on 27 March: the previous range's last day.
        activity('2026-03-27T22:30:00.000Z', 'u1', 'visit', 'main', '/session/:id'),
        // 2. Berlin 00:30 on 28 March: the range's first day (in UTC still the 27th).
        activity('2026-03-27T23:30:00.000Z', 'u1', 'visit', 'main', '/session/:id'),
        // 3. Berlin 23:59:59 on 28 March, on the school site.
        activity('2026-03-28T22:59:59.000Z', 'u2', 'visit', 'school', '/scripts'),
        // 4. Berlin midnight starting 29 March (CET).
        activity('2026-03-28T23:00:00.000Z', 'u2', 'login', 'main', '/'),
        // 5. Berlin 23:59 on 29 March (CEST, the day after the change).
        activity('2026-03-29T21:59:00.000Z', 'u3', 'register', 'main', '/'),
        // 6. Berlin midnight starting 30 March (CEST).
        activity('2026-03-29T22:00:00.000Z', 'u1', 'visit', 'main', '/scripts'),
        // 7. The range's last millisecond, anonymous.
        activity('2026-03-30T21:59:59.999Z', null, 'visit', 'main', '/session/:id'),
        // 8. Berlin midnight starting 31 March: after the range.
        activity('2026-03-30T22:00:00.000Z', 'u1', 'visit', 'main', '/session/:id'),
        // 9. Berlin 23:59 on 24 March: before the previous range.
        activity('2026-03-24T22:59:00.000Z', 'u4', 'visit', 'main', '/scripts'),
        // 10. The previous range.
        activity('2026-03-25T10:00:00.000Z', 'u4', 'open_sharelink', 'main', '/s/:id'),
        // 11, 12. 29 March, the day of the change.
        activity('2026-03-29T12:00:00.000Z', 'u2', 'open_sharelink', 'podcast', '/s/:id'),
        activity('2026-03-29T12:00:00.000Z', 'u2', 'visit', 'main', '/session/:id'),
        // A logout is not charted.
        activity('2026-03-29T12:00:00.000Z', 'u2', 'logout', 'main', '/'),
    ];
    // Through the recording path, so the rollups hold them too.
    for (const row of rows) await insertActivity(app.db, row);
    // The product's own tables: two sessions and a take, one subscription.
    const scriptId = newId();
    const now = '2026-03-01T00:00:00.000Z';
    await app.db
      .insertInto('scripts')
      .values({ id: scriptId, owner_id: users.u1, title: 'T', visibility: 'private', is_free: 0, created_at: now, updated_at: now, synopsis: '', genre: '', language: '', cover: null })
      .execute();
    await app.db
      .insertInto('reading_sessions')
      .values([
        { id: newId(), script_id: scriptId, created_by: users.u1, created_at: '2026-03-28T23:30:00.000Z' },
        { id: newId(), script_id: scriptId, created_by: users.u1, created_at: '2026-03-26T09:00:00.000Z' },
      ])
      .execute();
    await app.db
      .insertInto('subscriptions')
      .values({ id: newId(), user_id: users.u2, role: 'staff', expires_at: '2027-01-01T00:00:00.000Z', created_at: '2026-03-29T22:30:00.000Z', source: 'test' })
      .execute();
    // Podcast plays, one row per episode, listener and day (the API deduplicates).
    const channelId = newId();
    const episodeId = newId();
    await app.db
      .insertInto('podcast_channels')
      .values({ id: channelId, owner_id: users.u1, title: 'C', description: '', category: 'Fiction', language: 'en', explicit: 0, cover: null, created_at: now, updated_at: now })
      .execute();
    await app.db
      .insertInto('podcast_episodes')
      .values({ id: episodeId, channel_id: channelId, title: 'E', notes: '', season: null, episode_number: null, audio_id: 'a'.repeat(64), content_type: 'audio/mpeg', byte_size: 1, duration_ms: 1000, status: 'published', publish_at: null, published_at: now, chapters: null, transcript: null, created_at: now, updated_at: now })
      .execute();
    await app.db
      .insertInto('podcast_plays')
      .values([
        // Berlin 23:30 on 29 March, and the same listener the next (UTC) day: two plays.
        { episode_id: episodeId, listener: users.u2, day: '2026-03-29', created_at: '2026-03-29T21:30:00.000Z' },
        { episode_id: episodeId, listener: users.u2, day: '2026-03-30', created_at: '2026-03-30T06:00:00.000Z' },
        // The previous range.
        { episode_id: episodeId, listener: 'anon:x', day: '2026-03-26', created_at: '2026-03-26T12:00:00.000Z' },
      ])
      .execute();
  });
  afterAll(async () => app.close());

  const get = (query: string, user: TestUser | null = staff) => app.inject({ method: 'GET', url: `/api/metrics?${query}`, headers: user ? bearer(user) : {} });
  const chart = (answer: { charts: Array<{ id: string; series: unknown[] }> }, id: string) => answer.charts.find((c) => c.id === id)?.series;

  it('counts each chart per Berlin day across the change to summer time, with the previous range', async () => {
    const res = await get('from=2026-03-28&to=2026-03-30&tz=Europe/Berlin');
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      from: '2026-03-28',
      to: '2026-03-30',
      previousFrom: '2026-03-25',
      previousTo: '2026-03-27',
      timeZone: 'Europe/Berlin',
      variant: 'all',
      days: ['2026-03-28', '2026-03-29', '2026-03-30'],
    });
    expect(answer.charts.map((c: { id: string }) => c.id)).toEqual(['activeUsers', 'visits', 'logins', 'shareLinks', 'readingSessions', 'subscriptions', 'episodes', 'casting']);
    expect(chart(answer, 'activeUsers')).toEqual([{ key: 'users', label: 'Active users', values: [2, 2, 1], total: 3, previousTotal: 2 }]);
    expect(chart(answer, 'visits')).toEqual([{ key: 'visits', label: 'Visits', values: [2, 1, 2], total: 5, previousTotal: 1 }]);
    expect(chart(answer, 'logins')).toEqual([
      { key: 'logins', label: 'Logins', values: [0, 1, 0], total: 1, previousTotal: 0 },
      { key: 'registrations', label: 'Registrations', values: [0, 1, 0], total: 1, previousTotal: 0 },
    ]);
    expect(chart(answer, 'shareLinks')).toEqual([{ key: 'opens', label: 'Share-link opens', values: [0, 1, 0], total: 1, previousTotal: 1 }]);
    expect(chart(answer, 'readingSessions')).toEqual([
      { key: 'sessions', label: 'Sessions started', values: [0, 1, 0], total: 1, previousTotal: 1 },
      { key: 'takes', label: 'Takes recorded', values: [0, 0, 0], total: 0, previousTotal: 0 },
    ]);
    expect(chart(answer, 'subscriptions')).toEqual([{ key: 'subscriptions', label: 'New subscriptions', values: [0, 0, 1], total: 1, previousTotal: 0 }]);
    expect(answer.charts.find((c: { id: string }) => c.id === 'episodes')).toMatchObject({
      series: [{ key: 'plays', label: 'Episodes played', values: [0, 1, 1], total: 2, previousTotal: 1 }],
      note: null,
    });
    // No casting here (casting-auditions.test.ts counts calls and auditions).
    expect(chart(answer, 'casting')).toEqual([
      { key: 'calls', label: 'Casting calls posted', values: [0, 0, 0], total: 0, previousTotal: 0 },
      { key: 'auditions', label: 'Auditions sent', values: [0, 0, 0], total: 0, previousTotal: 0 },
    ]);
    expect(answer.topPages).toEqual([
      { route: '/session/:id', visits: 3, previousVisits: 1 },
      { route: '/scripts', visits: 2, previousVisits: 0 },
    ]);
  });

  it('counts the same rows in UTC days', async () => {
    const answer = (await get('from=2026-03-28&to=2026-03-30')).json();
    expect(answer.timeZone).toBe('UTC');
    expect(chart(answer, 'visits')).toEqual([{ key: 'visits', label: 'Visits', values: [1, 2, 2], total: 5, previousTotal: 2 }]);
    expect(chart(answer, 'activeUsers')).toEqual([{ key: 'users', label: 'Active users', values: [1, 3, 1], total: 3, previousTotal: 2 }]);
  });

  it('counts days of a half-hour zone (Kolkata, +05:30) whose midnights fall inside UTC hours', async () => {
    const answer = (await get('from=2026-03-28&to=2026-03-30&tz=Asia/Kolkata')).json();
    // Days start at 18:30 UTC: rows 1 and 2 are 28 March, row 5 (21:59 on the 29th) is 30 March,
    // row 7 (21:59 on the 30th) is after the range, row 9 (22:59 on the 24th) in the previous one.
    expect(chart(answer, 'visits')).toEqual([{ key: 'visits', label: 'Visits', values: [2, 2, 1], total: 5, previousTotal: 1 }]);
    expect(chart(answer, 'activeUsers')).toEqual([{ key: 'users', label: 'Active users', values: [1, 1, 2], total: 3, previousTotal: 1 }]);
    expect(answer.topPages).toEqual([
      { route: '/session/:id', visits: 3, previousVisits: 0 },
      { route: '/scripts', visits: 2, previousVisits: 1 },
    ]);
  });

  it('filters the activity charts by site and says which charts ignore the filter', async () => {
    const answer = (await get('from=2026-03-28&to=2026-03-30&tz=Europe/Berlin&variant=main')).json();
    expect(answer.variant).toBe('main');
    expect(chart(answer, 'visits')).toEqual([{ key: 'visits', label: 'Visits', values: [1, 1, 2], total: 4, previousTotal: 1 }]);
    expect(chart(answer, 'activeUsers')).toEqual([{ key: 'users', label: 'Active users', values: [1, 2, 1], total: 3, previousTotal: 2 }]);
    expect(chart(answer, 'shareLinks')).toEqual([{ key: 'opens', label: 'Share-link opens', values: [0, 0, 0], total: 0, previousTotal: 1 }]);
    expect(answer.topPages).toEqual([
      { route: '/session/:id', visits: 3, previousVisits: 1 },
      { route: '/scripts', visits: 1, previousVisits: 0 },
    ]);
    const note = 'Counted on every site: these rows do not record which site they came from.';
    expect(answer.charts.find((c: { id: string }) => c.id === 'readingSessions').note).toBe(note);
    expect(answer.charts.find((c: { id: string }) => c.id === 'visits').note).toBeNull();
    expect(answer.charts.find((c: { id: string }) => c.id === 'episodes').note).toBe(note);
    const podcast = (await get('from=2026-03-28&to=2026-03-30&tz=Europe/Berlin&variant=podcast')).json();
    expect(chart(podcast, 'shareLinks')).toEqual([{ key: 'opens', label: 'Share-link opens', values: [0, 1, 0], total: 1, previousTotal: 0 }]);
    expect(chart(podcast, 'visits')).toEqual([{ key: 'visits', label: 'Visits', values: [0, 0, 0], total: 0, previousTotal: 0 }]);
  });

  it('answers aggregates only: no user id, session or path of the log', async () => {
    const body = (await get('from=2026-03-20&to=2026-04-02&tz=Europe/Berlin')).body;
    for (const id of [...Object.values(users), staff.id]) expect(body).not.toContain(id);
    expect(body).not.toContain('Fixture001');
    expect(body).not.toMatch(/\/session\/x/);
  });

  it('refuses anonymous callers (401) and members without show_metrics (403)', async () => {
    const anonymous = await get('from=2026-03-28&to=2026-03-30', null);
    expect(anonymous.statusCode).toBe(401);
    const refused = await get('from=2026-03-28&to=2026-03-30', member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your membership does not include this feature.' });
  });

  it('answers only the charts asked for', async () => {
    const answer = (await get('from=2026-03-28&to=2026-03-30&tz=Europe/Berlin&charts=logins,topPages')).json();
    expect(answer.charts.map((c: { id: string }) => c.id)).toEqual(['logins']);
    expect(answer.topPages).toHaveLength(2);
    const none = (await get('from=2026-03-28&to=2026-03-30&charts=visits')).json();
    expect([none.charts.length, none.topPages]).toEqual([1, []]);
    const unknown = await get('from=2026-03-28&to=2026-03-30&charts=visits,secrets');
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { message: 'There is no chart of that name.' }]);
  });

  it('answers each chart alone as it answers it among all, reading only the actions it shows', async () => {
    const range = 'from=2026-03-28&to=2026-03-30&tz=Europe/Berlin';
    const all = (await get(range)).json();
    const read = jest.spyOn(app.metricsRepository, 'activityCounts');
    try {
      for (const chart of all.charts as Array<{ id: string }>) {
        const alone = (await get(`${range}&charts=${chart.id}`)).json();
        expect(alone.charts).toEqual([chart]);
      }
      expect((await get(`${range}&charts=topPages`)).json().topPages).toEqual(all.topPages);
      expect(read.mock.calls.map((call) => call[2])).toEqual([['visit'], ['login', 'register'], ['open_sharelink']]);
    } finally {
      read.mockRestore();
    }
  });

  it('answers the last 30 days, today included, when no range is asked for', async () => {
    const answer = (await get('tz=UTC')).json();
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.days).toHaveLength(30);
    expect(answer.to).toBe(today);
    expect(answer.days[29]).toBe(today);
    expect(answer.from).toBe(new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10));
  });

  it('refuses an unknown time zone, a backwards range and one over 366 days', async () => {
    const zone = await get('from=2026-03-28&to=2026-03-30&tz=Mars/Olympus');
    expect([zone.statusCode, zone.json()]).toEqual([400, { message: 'This time zone is not known.' }]);
    const backwards = await get('from=2026-03-30&to=2026-03-28');
    expect([backwards.statusCode, backwards.json()]).toEqual([400, { message: 'The range must start on or before its end.' }]);
    const impossible = await get('from=2026-02-30&to=2026-03-28');
    expect(impossible.statusCode).toBe(400);
    const long = await get('from=2025-01-01&to=2026-03-28');
    expect([long.statusCode, long.json()]).toEqual([400, { message: 'A range can be at most 366 days long.' }]);
  });

  it('records the site and route pattern of each new activity', async () => {
    const post = (host: string, path: string, session: string) =>
      app.inject({
        method: 'POST',
        url: '/api/activities/',
        headers: { host },
        payload: { userId: null, localTime: '2026-03-29T12:00:00.000Z', session, path, action: 'visit', context: null },
      });
    expect((await post('school.localhost:4200', '/session/AbC123xyz?tab=2', 'RecSchool1')).statusCode).toBe(204);
    expect((await post('dashboard.localhost', '/metrics', 'RecDash001')).statusCode).toBe(204);
    expect((await post('mypodcast.example.com', '/members/ada', 'RecPod0001')).statusCode).toBe(204);
    const rows = await app.db.selectFrom('activities').select(['session', 'variant', 'route']).where('session', 'like', 'Rec%').orderBy('session').execute();
    expect(rows).toEqual([
      { session: 'RecDash001', variant: 'dashboard', route: '/metrics' },
      { session: 'RecPod0001', variant: 'podcast', route: '/members/:handle' },
      { session: 'RecSchool1', variant: 'school', route: '/session/:id' },
    ]);
  });
});

describe('route patterns and sites', () => {
  it('names the parameters of known routes and hides the rest of unknown long paths', () => {
    expect(routePattern('/')).toBe('/');
    expect(routePattern('/scripts')).toBe('/scripts');
    expect(routePattern('/Session/abc')).toBe('/session/:id');
    expect(routePattern('/event/e1/register')).toBe('/event/:id/register');
    expect(routePattern('/scripts/edit/s1#x')).toBe('/scripts/edit/:id');
    expect(routePattern('/scripts/create')).toBe('/scripts/create');
    expect(routePattern('/pilot_program/id')).toBe('/pilot_program/id');
    expect(routePattern('/unknown/secret-token/more')).toBe('/unknown/*');
  });

  it('reads the site from the host name as the web does', () => {
    expect(variantOfHost('dashboard.localhost')).toBe('dashboard');
    expect(variantOfHost('myschool.example.com')).toBe('school');
    expect(variantOfHost('podcast.localhost:4200')).toBe('podcast');
    expect(variantOfHost('localhost')).toBe('main');
    expect(variantOfHost('127.0.0.1:3000')).toBe('main');
  });
});

describe('days in a time zone', () => {
  it('finds local midnights and the offset change of a summer-time day', () => {
    expect(new Date(localMidnight('Europe/Berlin', dayNumber('2026-03-29'))).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(localMidnight('Europe/Berlin', dayNumber('2026-03-30'))).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(localMidnight('America/New_York', dayNumber('2026-11-02'))).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(new Date(localMidnight('Asia/Kolkata', dayNumber('2026-01-01'))).toISOString()).toBe('2025-12-31T18:30:00.000Z');
    const start = Date.parse('2026-03-27T23:00:00.000Z');
    const end = Date.parse('2026-03-30T22:00:00.000Z');
    expect(offsetSpans('Europe/Berlin', start, end).map((s) => [new Date(s.start).toISOString(), new Date(s.end).toISOString(), s.offset])).toEqual([
      ['2026-03-27T23:00:00.000Z', '2026-03-29T01:00:00.000Z', 3600],
      ['2026-03-29T01:00:00.000Z', '2026-03-30T22:00:00.000Z', 7200],
    ]);
    // 180 days of New York and of Kolkata (+05:30): each edge is the zone's own midnight.
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'Europe/Berlin', 'Australia/Lord_Howe']) {
      const firstDay = dayNumber('2026-01-01');
      const edges = dayEdges(zone, firstDay, 360);
      expect(edges).toHaveLength(361);
      edges.forEach((edge, i) => expect([zone, i, edge]).toEqual([zone, i, localMidnight(zone, firstDay + i)]));
    }
  });
});
