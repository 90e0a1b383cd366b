import { sql } from 'kysely';
import type { Db } from '../db/database';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * The metrics dashboard's SQL (issue 17): counts per local day over a UTC range, on both
 * databases. Every query reads index ranges (migration 090) and groups in the database;
 * nothing per row comes back.
 */

export interface DayWindow {
  /**
   * The local midnights that start each day of the previous range and the range, and end the
   * last one (ISO text, 2n + 1 of them): day i is [edges[i], edges[i + 1]).
   */
  edges: string[];
}

export interface DayCount {
  day: number;
  count: number;
}

/**
 * The window's days as a table d(day, lo, hi). Each day is joined to its rows by a range on
 * `created_at`, which the index answers directly: no date is parsed per row, and any time zone
 * (summer time, half-hour offsets) is only a different list of edges.
 */
function days(window: DayWindow) {
  const rows = window.edges.slice(0, -1).map((lo, i) => sql`(${sql.lit(i)}, ${sql.lit(lo)}, ${sql.lit(window.edges[i + 1])})`);
  return sql`d(day, lo, hi) as (values ${sql.join(rows, sql`, `)})`;
}

const first = (window: DayWindow) => window.edges[0];
const last = (window: DayWindow) => window.edges[window.edges.length - 1];
const siteIs = (variant: string | null) => (variant ? sql`and a.variant = ${variant}` : sql``);

const toCounts = (rows: { day: unknown; count: unknown }[]): DayCount[] => rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));

/** Activities per day and action, for the given actions. */
export async function activityCounts(db: Db, window: DayWindow, variant: string | null, actions: string[]): Promise<Array<DayCount & { action: string }>> {
  const { rows } = await sql<{ day: number; action: string; count: number }>`
    with ${days(window)}
    select d.day as day, a.action as action, count(*) as count
    from d join activities a on a.created_at >= d.lo and a.created_at < d.hi
    where a.action in (${sql.join(actions)}) ${siteIs(variant)}
    group by d.day, a.action`.execute(db);
  return rows.map((r) => ({ day: Number(r.day), action: r.action, count: Number(r.count) }));
}

/** Distinct signed-in users per day. */
export async function activeUsersPerDay(db: Db, window: DayWindow, variant: string | null): Promise<DayCount[]> {
  const { rows } = await sql<{ day: number; count: number }>`
    with ${days(window)}
    select d.day as day, count(distinct a.user_id) as count
    from d join activities a on a.created_at >= d.lo and a.created_at < d.hi
    where a.user_id is not null ${siteIs(variant)}
    group by d.day`.execute(db);
  return toCounts(rows);
}

/** Distinct signed-in users over [first edge, split) and [split, last edge). */
export async function activeUsersInRanges(db: Db, window: DayWindow, splitIso: string, variant: string | null): Promise<{ previous: number; current: number }> {
  const count = async (from: string, to: string) => {
    const { rows } = await sql<{ count: number }>`
      select count(distinct a.user_id) as count from activities a
      where a.created_at >= ${from} and a.created_at < ${to} and a.user_id is not null ${siteIs(variant)}`.execute(db);
    return Number(rows[0]?.count ?? 0);
  };
  const [previous, current] = await Promise.all([count(first(window), splitIso), count(splitIso, last(window))]);
  return { previous, current };
}

/** Visits per route pattern in the range and the previous one, most visited (in the range) first. */
export async function topRoutes(
  db: Db,
  window: DayWindow,
  splitIso: string,
  variant: string | null,
  limit: number,
): Promise<Array<{ route: string; visits: number; previousVisits: number }>> {
  const { rows } = await sql<{ route: string | null; visits: number; previous: number }>`
    select a.route as route,
      sum(case when a.created_at >= ${splitIso} then 1 else 0 end) as visits,
      sum(case when a.created_at < ${splitIso} then 1 else 0 end) as previous
    from activities a
    where a.action = 'visit' and a.created_at >= ${first(window)} and a.created_at < ${last(window)} ${siteIs(variant)}
    group by a.route
    order by visits desc, previous desc, a.route
    limit ${sql.lit(limit)}`.execute(db);
  return rows.map((r) => ({ route: r.route ?? '(not recorded)', visits: Number(r.visits), previousVisits: Number(r.previous) }));
}

/** Rows per day of a product table, by its created_at. */
export async function rowsPerDay(db: Db, window: DayWindow, table: 'reading_sessions' | 'takes' | 'subscriptions'): Promise<DayCount[]> {
  const { rows } = await sql<{ day: number; count: number }>`
    with ${days(window)}
    select d.day as day, count(*) as count
    from d join ${sql.table(table)} t on t.created_at >= d.lo and t.created_at < d.hi
    group by d.day`.execute(db);
  return toCounts(rows);
}

declare module 'fastify' {
  interface FastifyInstance {
    metricsRepository: MetricsRepository;
  }
}

const queries = { activityCounts, activeUsersPerDay, activeUsersInRanges, topRoutes, rowsPerDay };
export type MetricsRepository = Repository<typeof queries>;

export default repositoryPlugin('metricsRepository', 'metrics-repository', queries);
