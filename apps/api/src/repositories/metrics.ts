import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { dayOf, hourOf } from './activities';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * The metrics dashboard's SQL (issue 17), the same on both databases. A chart asks for counts
 * per period (a local day, or a whole range), each period [lo, hi) in UTC ISO text. The whole
 * hours (or days) inside a period are read from migration 090's rollups; what is left at its
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

/** The parts of each period the rollup answers (`whole`) and the parts left to the log (`raw`). */
export function splitPeriods(periods: Period[], grain: Grain): { whole: Period[]; raw: Period[] } {
  const whole: Period[] = [];
  const raw: Period[] = [];
  for (const { i, lo, hi } of periods) {
    const start = ceilTo(lo, grain);
    const end = floorTo(hi, grain);
    if (start >= end) {
      raw.push({ i, lo, hi });
      continue;
    }
    whole.push({ i, lo: start, hi: end });
    if (lo < start) raw.push({ i, lo, hi: start });
    if (end < hi) raw.push({ i, lo: end, hi });
  }
  return { whole, raw };
}

/** `name(day, lo, hi) as (values ...)`: a small table of periods to join by range. */
function periodsTable(name: 'w' | 'r', periods: Period[]) {
  const rows = periods.map((p) => sql`(${sql.lit(p.i)}, ${sql.lit(p.lo)}, ${sql.lit(p.hi)})`);
  return sql`${sql.raw(name)}(day, lo, hi) as (values ${sql.join(rows, sql`, `)})`;
}

/** Runs `select ... from (branch union all branch) x ...` over the rollup part and the log part. */
async function overBoth<T>(
  db: Db,
  parts: { whole: Period[]; raw: Period[] },
  branches: { whole: RawBuilder<unknown>; raw: RawBuilder<unknown> },
  outer: (inner: RawBuilder<unknown>) => RawBuilder<T>,
): Promise<T[]> {
  const ctes = [];
  const selects = [];
  if (parts.whole.length) {
    ctes.push(periodsTable('w', parts.whole));
    selects.push(branches.whole);
  }
  if (parts.raw.length) {
    ctes.push(periodsTable('r', parts.raw));
    selects.push(branches.raw);
  }
  if (!selects.length) return [];
  const query = sql<T>`with ${sql.join(ctes, sql`, `)} ${outer(sql`(${sql.join(selects, sql` union all `)}) x`)}`;
  return (await query.execute(db)).rows;
}

const siteIs = (alias: string, variant: string | null) => (variant ? sql`and ${sql.ref(`${alias}.variant`)} = ${variant}` : sql``);

/** Activities per period and action, for the given actions. */
export async function activityCounts(db: Db, periods: Period[], variant: string | null, actions: string[]): Promise<Array<DayCount & { action: string }>> {
  const list = sql.join(actions);
  const rows = await overBoth<{ day: number; action: string; count: number }>(
    db,
    splitPeriods(periods, 'hour'),
    {
      whole: sql`select w.day as day, h.action as action, h.count as n from w join activity_hours h on h.hour >= w.lo and h.hour < w.hi
        where h.action in (${list}) ${siteIs('h', variant)}`,
      raw: sql`select r.day as day, a.action as action, 1 as n from r join activities a on a.created_at >= r.lo and a.created_at < r.hi
        where a.action in (${list}) ${siteIs('a', variant)}`,
    },
    (x) => sql`select day, action, sum(n) as count from ${x} group by day, action`,
  );
  return rows.map((r) => ({ day: Number(r.day), action: r.action, count: Number(r.count) }));
}

/** Distinct signed-in users per period. */
export async function activeUsers(db: Db, periods: Period[], variant: string | null): Promise<DayCount[]> {
  const rows = await overBoth<{ day: number; count: number }>(
    db,
    splitPeriods(periods, 'hour'),
    {
      whole: sql`select w.day as day, u.user_id as user_id from w join activity_user_hours u on u.hour >= w.lo and u.hour < w.hi
        where 1 = 1 ${siteIs('u', variant)}`,
      raw: sql`select r.day as day, a.user_id as user_id from r join activities a on a.created_at >= r.lo and a.created_at < r.hi
        where a.user_id is not null ${siteIs('a', variant)}`,
    },
    (x) => sql`select day, count(distinct user_id) as count from ${x} group by day`,
  );
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}

/** Visits per route pattern in the current period (i = 1) and the previous one (i = 0), most visited first. */
export async function topRoutes(db: Db, periods: Period[], variant: string | null, limit: number): Promise<Array<{ route: string; visits: number; previousVisits: number }>> {
  const rows = await overBoth<{ route: string; visits: number; previous: number }>(
    db,
    splitPeriods(periods, 'day'),
    {
      whole: sql`select w.day as p, d.route as route, d.count as n from w join activity_route_days d on d.day >= w.lo and d.day < w.hi
        where 1 = 1 ${siteIs('d', variant)}`,
      raw: sql`select r.day as p, coalesce(a.route, '(not recorded)') as route, 1 as n from r join activities a on a.created_at >= r.lo and a.created_at < r.hi
        where a.action = 'visit' ${siteIs('a', variant)}`,
    },
    (x) => sql`select route, sum(case when p = 1 then n else 0 end) as visits, sum(case when p = 0 then n else 0 end) as previous
      from ${x} group by route order by visits desc, previous desc, route limit ${sql.lit(limit)}`,
  );
  return rows.map((r) => ({ route: r.route, visits: Number(r.visits), previousVisits: Number(r.previous) }));
}

/** Rows per period of a product table, by its created_at (its own index). */
export async function rowsPerDay(db: Db, periods: Period[], table: 'reading_sessions' | 'takes' | 'subscriptions'): Promise<DayCount[]> {
  const { rows } = await sql<{ day: number; count: number }>`
    with ${periodsTable('r', periods)}
    select r.day as day, count(*) as count
    from r join ${sql.table(table)} t on t.created_at >= r.lo and t.created_at < r.hi
    group by r.day`.execute(db);
  return rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));
}

declare module 'fastify' {
  interface FastifyInstance {
    metricsRepository: MetricsRepository;
  }
}

const queries = { activityCounts, activeUsers, topRoutes, rowsPerDay };
export type MetricsRepository = Repository<typeof queries>;

export default repositoryPlugin('metricsRepository', 'metrics-repository', queries);
