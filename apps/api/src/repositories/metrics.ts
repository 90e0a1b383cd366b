import { sql } from 'kysely';
import type { Db } from '../db/database';
import { dayOf, hourOf } from './activities';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * The metrics dashboard's SQL, the same on both databases. A chart asks for counts
 * per period (a local day, or a whole range), each period [lo, hi) in UTC ISO text. The whole
 * hours (or days) inside a period are read from the rollups (migrations 090, 242); what is left at its
 * edges (a +05:30 zone's midnight falls inside an hour, a range's edge inside a UTC day) is
 * counted from the log through its (created_at, ...) index. Nothing per row comes back.
 */

export interface Period {
  /** The period's number in the answer (the day within the window, or 0 previous / 1 current). */
  i: number;
  lo: string;
  hi: string;
}

export interface DayCount {
  day: number;
  count: number;
}

type Grain = 'hour' | 'day';
const STEP = { hour: 3_600_000, day: 86_400_000 };
const floorTo = (iso: string, grain: Grain) => (grain === 'hour' ? hourOf(iso) : dayOf(iso));
function ceilTo(iso: string, grain: Grain): string {
  const floor = floorTo(iso, grain);
  return floor === iso ? iso : new Date(Date.parse(floor) + STEP[grain]).toISOString();
}

/**
 * The periods as a small table p(i, wlo, whi, alo, ahi, blo, bhi): the whole hours or days the
 * rollup answers, and the two edge ranges left to the log (empty ranges where there are none).
 * Each chart reads it with correlated subqueries, one index range each per period: a plan both
 * databases follow whatever their statistics say (a join by range let PostgreSQL pick a scan).
 */
function partsTable(periods: Period[], grain: Grain) {
  const rows = periods.map(({ i, lo, hi }) => {
    const start = ceilTo(lo, grain);
    const end = floorTo(hi, grain);
    const parts = start >= end ? [lo, lo, lo, hi, hi, hi] : [start, end, lo, start, end, hi];
    return sql`(${sql.lit(i)}, ${sql.join(parts.map((edge) => sql.lit(edge)))})`;
  });
  return sql`p(i, wlo, whi, alo, ahi, blo, bhi) as (values ${sql.join(rows, sql`, `)})`;
}

const siteIs = (alias: string, variant: string | null) => (variant ? sql`and ${sql.ref(`${alias}.variant`)} = ${variant}` : sql``);

/** `a.created_at` in the period's edge range `edge` (a or b). */
const inEdge = (edge: 'a' | 'b') => sql`a.created_at >= ${sql.ref(`p.${edge}lo`)} and a.created_at < ${sql.ref(`p.${edge}hi`)}`;

/** The index of the period whose whole part holds `hour` (periods in order), or -1. */
function periodOf(wholes: Array<{ i: number; lo: string; hi: string }>, hour: string): number {
  let lo = 0;
  let hi = wholes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (hour < wholes[mid].lo) hi = mid - 1;
    else if (hour >= wholes[mid].hi) lo = mid + 1;
    else return wholes[mid].i;
  }
  return -1;
}

/**
 * Activities per period and action, for the given actions. The whole hours come from one range
 * read of the hourly rollup, summed per hour (at most 24 rows a day per action) and given to
 * their periods here; edge ranges, when a zone has any, are counted from the log.
 */
async function activityCounts(db: Db, periods: Period[], variant: string | null, actions: string[]): Promise<Array<DayCount & { action: string }>> {
  if (!periods.length) return [];
  const wholes = periods
    .map(({ i, lo, hi }) => ({ i, lo: ceilTo(lo, 'hour'), hi: floorTo(hi, 'hour') }))
    .filter((w) => w.lo < w.hi);
  const counts = new Map<string, number>();
  const add = (day: number, action: string, n: number) => counts.set(`${day} ${action}`, (counts.get(`${day} ${action}`) ?? 0) + n);
  if (wholes.length) {
    const { rows } = await sql<{ hour: string; action: string; n: number }>`
      select h.hour as hour, h.action as action, sum(h.count) as n from activity_hours h
      where h.hour >= ${wholes[0].lo} and h.hour < ${wholes[wholes.length - 1].hi} and h.action in (${sql.join(actions)}) ${siteIs('h', variant)}
      group by h.hour, h.action`.execute(db);
    for (const row of rows) {
      const day = periodOf(wholes, row.hour);
      if (day >= 0) add(day, row.action, Number(row.n));
    }
  }
  const edged = periods.filter(({ lo, hi }) => ceilTo(lo, 'hour') !== lo || floorTo(hi, 'hour') !== hi);
  if (edged.length) {
    const columns = actions.map((action, n) => {
      const fromLog = (edge: 'a' | 'b') => sql`(select count(*) from activities a where ${inEdge(edge)} and a.action = ${action} ${siteIs('a', variant)})`;
      return sql`${fromLog('a')} + ${fromLog('b')} as ${sql.ref(`c${n}`)}`;
    });
    const { rows } = await sql<Record<string, unknown>>`with ${partsTable(edged, 'hour')} select p.i as day, ${sql.join(columns)} from p`.execute(db);
    for (const row of rows) actions.forEach((action, n) => add(Number(row.day), action, Number(row[`c${n}`])));
  }
  return [...counts].map(([key, count]) => {
    const [day, action] = key.split(' ');
    return { day: Number(day), action, count };
  });
}

/**
 * Distinct signed-in users per period, from `active_user_hours` (migration 242): over whole
 * hours, the rows whose previous active hour on the site is before the period, one per user, so
 * a plain count along the index. Periods with edges inside an hour (a +05:30 zone) add the log's
 * users at their edges and count distinct users of the union.
 */
export async function activeUsers(db: Db, periods: Period[], variant: string | null): Promise<DayCount[]> {
  if (!periods.length) return [];
  const site = variant ?? '*';
  const edged = periods.some(({ lo, hi }) => ceilTo(lo, 'hour') !== lo || floorTo(hi, 'hour') !== hi);
  // Whole hours only (any zone with whole-hour offsets).
  const hoursOnly = sql`(select count(*) from active_user_hours u where u.site = ${site} and u.hour >= p.wlo and u.hour < p.whi and u.previous < p.wlo)`;
  const fromLog = (edge: 'a' | 'b') => sql`select a.user_id as user_id from activities a where ${inEdge(edge)} and a.user_id is not null ${siteIs('a', variant)}`;
  const withEdges = sql`(select count(distinct x.user_id) from (
      select u.user_id as user_id from active_user_hours u where u.site = ${site} and u.hour >= p.wlo and u.hour < p.whi
      union all ${fromLog('a')}
      union all ${fromLog('b')}
    ) x)`;
  const { rows } = await sql<{ day: number; count: number }>`
    with ${partsTable(periods, 'hour')}
    select p.i as day, ${edged ? withEdges : hoursOnly} as count from p`.execute(db);
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}

/** Visits per route pattern in the current period (i = 1) and the previous one (i = 0), most visited first. */
async function topRoutes(db: Db, periods: Period[], variant: string | null, limit: number): Promise<Array<{ route: string; visits: number; previousVisits: number }>> {
  const branches = periods.flatMap(({ i, lo, hi }) => {
    const start = ceilTo(lo, 'day');
    const end = floorTo(hi, 'day');
    const fromLog = (from: string, to: string) =>
      sql`select ${sql.lit(i)} as p, coalesce(a.route, '(not recorded)') as route, 1 as n from activities a
        where a.created_at >= ${from} and a.created_at < ${to} and a.action = 'visit' ${siteIs('a', variant)}`;
    if (start >= end) return [fromLog(lo, hi)];
    return [
      sql`select ${sql.lit(i)} as p, d.route as route, d.count as n from activity_route_days d where d.day >= ${start} and d.day < ${end} ${siteIs('d', variant)}`,
      ...(lo < start ? [fromLog(lo, start)] : []),
      ...(end < hi ? [fromLog(end, hi)] : []),
    ];
  });
  if (!branches.length) return [];
  const { rows } = await sql<{ route: string; visits: number; previous: number }>`
    select route, sum(case when p = 1 then n else 0 end) as visits, sum(case when p = 0 then n else 0 end) as previous
    from (${sql.join(branches, sql` union all `)}) x
    group by route order by visits desc, previous desc, route limit ${sql.lit(limit)}`.execute(db);
  return rows.map((r) => ({ route: r.route, visits: Number(r.visits), previousVisits: Number(r.previous) }));
}

/** Rows per period of a product table, by its created_at or another time column (each indexed). */
async function rowsPerDay(
  db: Db,
  periods: Period[],
  table: 'reading_sessions' | 'takes' | 'subscriptions' | 'podcast_plays' | 'casting_calls' | 'casting_auditions',
  column: 'created_at' | 'sent_at' = 'created_at',
): Promise<DayCount[]> {
  if (!periods.length) return [];
  const rows = periods.map(({ i, lo, hi }) => sql`(${sql.lit(i)}, ${sql.lit(lo)}, ${sql.lit(hi)})`);
  const at = sql.ref(`t.${column}`);
  const { rows: counts } = await sql<{ day: number; count: number }>`
    with p(i, lo, hi) as (values ${sql.join(rows, sql`, `)})
    select p.i as day, (select count(*) from ${sql.table(table)} t where ${at} >= p.lo and ${at} < p.hi) as count from p`.execute(db);
  return counts.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}

declare module 'fastify' {
  interface FastifyInstance {
    metricsRepository: MetricsRepository;
  }
}

const queries = { activityCounts, activeUsers, topRoutes, rowsPerDay };
type MetricsRepository = Repository<typeof queries>;

export default repositoryPlugin('metricsRepository', 'metrics-repository', queries);
