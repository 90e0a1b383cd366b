import { Migrator, sql } from 'kysely';
import { migrateToLatest, type Db } from '../../src/db/database';
import { newId } from '../../src/db/ids';
import { migrations } from '../../src/db/migrations';
import { deleteActivitiesBefore, hourOf, insertActivity } from '../../src/repositories/activities';
import { activeUsers, type DayCount, type Period } from '../../src/repositories/metrics';
import { dayWindow } from '../../src/services/metrics/metrics';
import { scratchDatabase } from '../fixtures/scratch-database';

/**
 * Daily active users from `active_user_hours` (migration 242) against the distinct count it
 * replaced, on the same rows: the old query over migration 090's `activity_user_hours` before the
 * migration, the new one after it; then rows recorded out of time order and the retention's cut,
 * against a distinct count of the log itself. On SQLite, or PostgreSQL when DATABASE_URL is set.
 */
const DAY = 86_400_000;

function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The daily active users query before migration 242, as it was. */
async function oldActiveUsers(db: Db, periods: Period[], variant: string | null): Promise<DayCount[]> {
  const step = 3_600_000;
  const floor = (iso: string) => hourOf(iso);
  const ceil = (iso: string) => (floor(iso) === iso ? iso : new Date(Date.parse(floor(iso)) + step).toISOString());
  const rows = periods.map(({ i, lo, hi }) => {
    const start = ceil(lo);
    const end = floor(hi);
    const parts = start >= end ? [lo, lo, lo, hi, hi, hi] : [start, end, lo, start, end, hi];
    return sql`(${sql.lit(i)}, ${sql.join(parts.map((edge) => sql.lit(edge)))})`;
  });
  const siteIs = (alias: string) => (variant ? sql`and ${sql.ref(`${alias}.variant`)} = ${variant}` : sql``);
  const inEdge = (edge: 'a' | 'b') => sql`a.created_at >= ${sql.ref(`p.${edge}lo`)} and a.created_at < ${sql.ref(`p.${edge}hi`)}`;
  const edged = periods.some(({ lo, hi }) => ceil(lo) !== lo || floor(hi) !== hi);
  const hoursOnly = sql`(select count(distinct u.user_id) from activity_user_hours u where u.hour >= p.wlo and u.hour < p.whi ${siteIs('u')})`;
  const fromLog = (edge: 'a' | 'b') => sql`select a.user_id as user_id from activities a where ${inEdge(edge)} and a.user_id is not null ${siteIs('a')}`;
  const withEdges = sql`(select count(distinct x.user_id) from (
      select u.user_id as user_id from activity_user_hours u where u.hour >= p.wlo and u.hour < p.whi ${siteIs('u')}
      union all ${fromLog('a')}
      union all ${fromLog('b')}
    ) x)`;
  const { rows: counts } = await sql<{ day: number; count: number }>`
    with p(i, wlo, whi, alo, ahi, blo, bhi) as (values ${sql.join(rows, sql`, `)})
    select p.i as day, ${edged ? withEdges : hoursOnly} as count from p`.execute(db);
  return counts.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}

/** Distinct signed-in users of the log itself in each period. */
async function fromLog(db: Db, periods: Period[], variant: string | null): Promise<DayCount[]> {
  const counts: DayCount[] = [];
  for (const { i, lo, hi } of periods) {
    let query = db
      .selectFrom('activities')
      .select(sql<number>`count(distinct user_id)`.as('n'))
      .where('created_at', '>=', lo)
      .where('created_at', '<', hi)
      .where('user_id', 'is not', null);
    if (variant) query = query.where('variant', '=', variant);
    counts.push({ day: i, count: Number((await query.executeTakeFirstOrThrow()).n) });
  }
  return counts;
}

/** The views compared: Berlin days across both changes of summer time, UTC days, a +05:30 zone; every site and two. */
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const VIEWS = [
  { from: '2026-03-01', to: '2026-06-30', tz: 'Europe/Berlin' },
  { from: '2026-10-01', to: '2026-11-10', tz: 'Europe/Berlin' },
  { from: '2026-09-01', to: '2026-09-30', tz: 'UTC' },
  { from: '2026-10-20', to: '2026-11-02', tz: 'Asia/Kolkata' },
  { from: '2026-01-01', to: '2026-11-20', tz: 'America/New_York' },
];
const SITES = [null, 'school', 'main'];

async function answers(db: Db, count: (db: Db, periods: Period[], variant: string | null) => Promise<DayCount[]>) {
  const out: Record<string, DayCount[]> = {};
  for (const view of VIEWS) {
    const { days, ranges } = dayWindow(view, NOW);
    for (const site of SITES) {
      const sort = (list: DayCount[]) => [...list].sort((a, b) => a.day - b.day);
      out[`${view.tz} ${view.from} ${site ?? 'all'} days`] = sort(await count(db, days, site));
      out[`${view.tz} ${view.from} ${site ?? 'all'} ranges`] = sort(await count(db, ranges, site));
    }
  }
  return out;
}

describe('daily active users from active_user_hours', () => {
  const scratch = scratchDatabase('vox-active-users-');
  let db: Db;
  const users = Array.from({ length: 40 }, (_, n) => `au${n.toString().padStart(4, '0')}`);
  const random = generator(7);
  const start = Date.parse('2025-11-01T00:00:00.000Z');

  /** Entries over a year, most by a few frequent users, several sites and none. */
  const entries = (count: number) =>
    Array.from({ length: count }, () => {
      const at = new Date(start + Math.floor(random() * 385 * DAY)).toISOString();
      const s = random();
      return {
        id: newId(),
        user_id: random() < 0.8 ? users[Math.floor(users.length * random() ** 2)] : null,
        local_time: at,
        session: 'Fixture001',
        path: '/scripts',
        action: random() < 0.8 ? 'visit' : 'login',
        context: null,
        created_at: at,
        variant: s < 0.5 ? 'main' : s < 0.8 ? 'school' : s < 0.9 ? 'podcast' : null,
        route: '/scripts',
      };
    });

  beforeAll(() => {
    db = scratch.db;
  });

  it('answers what the distinct count over activity_user_hours answered, on the rows kept before the migration', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: scratch.schema, allowUnorderedMigrations: true });
    const before = await migrator.migrateTo('241-draft-page-counts');
    expect(before.error).toBeUndefined();
    const at = new Date(start).toISOString();
    await sql`insert into users (id, email, role, created_at) values ${sql.join(users.map((u) => sql`(${u}, ${`${u}@example.com`}, 'member', ${at})`))}`.execute(db);
    // The log and its rollup as the recording transaction before the migration left them.
    const rows = entries(3000);
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await sql`insert into activities (id, user_id, local_time, session, path, action, context, created_at, variant, route) values ${sql.join(
        chunk.map((r) => sql`(${r.id}, ${r.user_id}, ${r.local_time}, ${r.session}, ${r.path}, ${r.action}, ${r.context}, ${r.created_at}, ${r.variant}, ${r.route})`),
      )}`.execute(db);
    }
    await sql`insert into activity_user_hours (hour, variant, user_id)
      select distinct substr(created_at, 1, 13) || ':00:00.000Z', coalesce(variant, ''), user_id from activities where user_id is not null`.execute(db);
    const old = await answers(db, oldActiveUsers);
    // Not a count of nothing: most days have users.
    expect(old['Europe/Berlin 2026-03-01 all ranges']).toEqual([
      { day: 0, count: 40 },
      { day: 1, count: 40 },
    ]);
    expect(old['Europe/Berlin 2026-03-01 all days'].filter((d) => d.count > 0).length).toBeGreaterThan(200);

    await migrateToLatest(db, scratch.schema);
    expect(await answers(db, activeUsers)).toEqual(old);
  });

  it('stays equal to the log when entries are recorded out of time order', async () => {
    // Recorded in random order: an entry often lands behind a later hour of its user.
    for (const row of entries(1500)) await insertActivity(db, row);
    expect(await answers(db, activeUsers)).toEqual(await answers(db, fromLog));
  });

  it('stays equal to the log when entries of many hours of one user are recorded at once', async () => {
    // Concurrent transactions (PostgreSQL's pool runs ten side by side): each new hour must see the
    // others' hours once they are committed. Without the lock on the user's row this fails there.
    const burst = entries(1500).map((row) => ({ ...row, user_id: users[0] }));
    await Promise.all(burst.map((row) => insertActivity(db, row)));
    expect(await answers(db, activeUsers)).toEqual(await answers(db, fromLog));
  });

  it('stays equal to the log after the retention cut', async () => {
    await deleteActivitiesBefore(db, new Date('2026-04-01T00:00:00.000Z'));
    const kept = await answers(db, fromLog);
    expect(kept['Europe/Berlin 2026-03-01 all ranges'][0].count).toBe(0);
    expect(kept['Europe/Berlin 2026-03-01 all ranges'][1].count).toBe(40);
    expect(await answers(db, activeUsers)).toEqual(kept);
  });
});
