import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../db/database';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * The metrics dashboard's SQL (issue 17): counts per local day over a UTC range, on both
 * databases. Every query reads one index range (migration 090) and groups in the database;
 * nothing per row comes back.
 */

/** A stretch of the range with one UTC offset (seconds); `end` is ISO text, exclusive. */
export interface Span {
  endIso: string;
  offset: number;
}

export interface DayWindow {
  dialect: Dialect;
  /** [startIso, endIso): the previous range and the range together. */
  startIso: string;
  endIso: string;
  /** The local day number (days since 1970-01-01) of the window's first day. */
  firstDay: number;
  /** The window's offsets, in order; the last one runs to the end. */
  spans: Span[];
}

export interface DayCount {
  day: number;
  count: number;
}

/** Epoch seconds of an ISO `created_at` text. */
function epoch(dialect: Dialect, column: string): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`extract(epoch from ${sql.ref(column)}::timestamptz)`
    : sql<number>`cast(strftime('%s', ${sql.ref(column)}) as integer)`;
}

/** The row's day within the window (0 = its first day): its local day number minus the first's. */
export function dayIndex(window: DayWindow, column = 'created_at'): RawBuilder<number> {
  const { dialect, spans, firstDay } = window;
  let offset: RawBuilder<number>;
  if (spans.length === 1) {
    offset = sql<number>`${sql.lit(spans[0].offset)}`;
  } else {
    const branches = spans
      .slice(0, -1)
      .map((span) => sql`when ${sql.ref(column)} < ${sql.lit(span.endIso)} then ${sql.lit(span.offset)}`);
    offset = sql<number>`(case ${sql.join(branches, sql` `)} else ${sql.lit(spans[spans.length - 1].offset)} end)`;
  }
  const shifted = sql`(${epoch(dialect, column)} + ${offset})`;
  return dialect === 'postgres'
    ? sql<number>`(floor(${shifted} / 86400)::integer - ${sql.lit(firstDay)})`
    : sql<number>`(${shifted} / 86400 - ${sql.lit(firstDay)})`;
}

const toCounts = (rows: { day: unknown; count: unknown }[]): DayCount[] => rows.map((r) => ({ day: Number(r.day), count: Number(r.count) }));

/** Activities per day and action, for the given actions. */
export async function activityCounts(db: Db, window: DayWindow, variant: string | null, actions: string[]): Promise<Array<DayCount & { action: string }>> {
  const day = dayIndex(window);
  let query = db
    .selectFrom('activities')
    .select([day.as('day'), 'action', (eb) => eb.fn.countAll().as('count')])
    .where('created_at', '>=', window.startIso)
    .where('created_at', '<', window.endIso)
    .where('action', 'in', actions);
  if (variant) query = query.where('variant', '=', variant);
  const rows = await query.groupBy([day, 'action']).execute();
  return rows.map((r) => ({ day: Number(r.day), action: r.action, count: Number(r.count) }));
}

/** Distinct signed-in users per day. */
export async function activeUsersPerDay(db: Db, window: DayWindow, variant: string | null): Promise<DayCount[]> {
  const day = dayIndex(window);
  let query = db
    .selectFrom('activities')
    .select([day.as('day'), (eb) => eb.fn.count('user_id').distinct().as('count')])
    .where('created_at', '>=', window.startIso)
    .where('created_at', '<', window.endIso)
    .where('user_id', 'is not', null);
  if (variant) query = query.where('variant', '=', variant);
  return toCounts(await query.groupBy(day).execute());
}

/** Distinct signed-in users over [startIso, splitIso) and [splitIso, endIso). */
export async function activeUsersInRanges(db: Db, window: DayWindow, splitIso: string, variant: string | null): Promise<{ previous: number; current: number }> {
  const count = async (from: string, to: string) => {
    let query = db
      .selectFrom('activities')
      .select((eb) => eb.fn.count('user_id').distinct().as('count'))
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('user_id', 'is not', null);
    if (variant) query = query.where('variant', '=', variant);
    return Number((await query.executeTakeFirstOrThrow()).count);
  };
  const [previous, current] = await Promise.all([count(window.startIso, splitIso), count(splitIso, window.endIso)]);
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
  const inRange = sql<number>`sum(case when created_at >= ${splitIso} then 1 else 0 end)`;
  const before = sql<number>`sum(case when created_at < ${splitIso} then 1 else 0 end)`;
  let query = db
    .selectFrom('activities')
    .select([sql<string>`coalesce(route, '(not recorded)')`.as('route'), inRange.as('visits'), before.as('previous')])
    .where('action', '=', 'visit')
    .where('created_at', '>=', window.startIso)
    .where('created_at', '<', window.endIso);
  if (variant) query = query.where('variant', '=', variant);
  const rows = await query
    .groupBy('route')
    .orderBy(inRange, 'desc')
    .orderBy(before, 'desc')
    .orderBy('route')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ route: r.route, visits: Number(r.visits), previousVisits: Number(r.previous) }));
}

/** Rows per day of a product table, by its created_at. */
export async function rowsPerDay(db: Db, window: DayWindow, table: 'reading_sessions' | 'takes' | 'subscriptions'): Promise<DayCount[]> {
  const day = dayIndex(window);
  const rows = await db
    .selectFrom(table)
    .select([day.as('day'), (eb) => eb.fn.countAll().as('count')])
    .where('created_at', '>=', window.startIso)
    .where('created_at', '<', window.endIso)
    .groupBy(day)
    .execute();
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
