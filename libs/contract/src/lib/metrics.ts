import Type from 'typebox';
import { METRICS_CHART_IDS, METRICS_VARIANTS } from './metrics-values';

/**
 * The metrics dashboard: aggregates over the activity log and the product's own
 * tables, per day in a chosen time zone, for staff with `show_metrics`. Answers carry counts and
 * route patterns only: no user, session, path parameter or other personal data.
 */

const Variant = Type.Union([Type.Literal('all'), Type.Literal('main'), Type.Literal('school'), Type.Literal('podcast'), Type.Literal('dashboard')]);
const ChartId = Type.Union([
  Type.Literal('activeUsers'),
  Type.Literal('visits'),
  Type.Literal('logins'),
  Type.Literal('shareLinks'),
  Type.Literal('readingSessions'),
  Type.Literal('subscriptions'),
  Type.Literal('episodes'),
  Type.Literal('casting'),
]);
// The lists of metrics-values.ts, spelled out above so the types stay literal; kept equal here.
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
if (!sameList(Variant.anyOf.map((s) => s.const), METRICS_VARIANTS) || !sameList(ChartId.anyOf.map((s) => s.const), METRICS_CHART_IDS)) {
  throw new Error('metrics.ts: the literal unions and metrics-values.ts disagree.');
}

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';

export const MetricsQuery = Type.Object({
  /** First day of the range (inclusive), YYYY-MM-DD in `tz`; by default 29 days before `to`. */
  from: Type.Optional(Type.String({ pattern: DATE })),
  /** Last day of the range (inclusive), YYYY-MM-DD in `tz`; by default today there. */
  to: Type.Optional(Type.String({ pattern: DATE })),
  /** IANA time zone the days are counted in (default UTC). */
  tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  variant: Type.Optional(Variant),
  /** Only these charts (comma-separated ids, `topPages` for the pages table); all by default. */
  charts: Type.Optional(Type.String({ pattern: '^[A-Za-z]+(,[A-Za-z]+)*$', maxLength: 200 })),
});
export type MetricsQuery = Type.Static<typeof MetricsQuery>;

export const MetricsSeries = Type.Object({
  key: Type.String(),
  label: Type.String(),
  /** One count per day of `days`. */
  values: Type.Array(Type.Integer({ minimum: 0 })),
  /** The range's total (for active users: distinct users over the whole range). */
  total: Type.Integer({ minimum: 0 }),
  /** The same total over the previous range of the same length. */
  previousTotal: Type.Integer({ minimum: 0 }),
});
export type MetricsSeries = Type.Static<typeof MetricsSeries>;

export const MetricsChart = Type.Object({
  id: ChartId,
  title: Type.String(),
  series: Type.Array(MetricsSeries),
  /** Why a chart reads as it does (a filter it ignores, data that does not exist yet), or null. */
  note: Type.Union([Type.String(), Type.Null()]),
});
export type MetricsChart = Type.Static<typeof MetricsChart>;

/** Visits per page, grouped by route pattern (/session/:id), most visited first. */
export const MetricsTopPage = Type.Object({
  route: Type.String(),
  visits: Type.Integer({ minimum: 0 }),
  previousVisits: Type.Integer({ minimum: 0 }),
});
export type MetricsTopPage = Type.Static<typeof MetricsTopPage>;

export const MetricsAnswer = Type.Object({
  from: Type.String(),
  to: Type.String(),
  previousFrom: Type.String(),
  previousTo: Type.String(),
  timeZone: Type.String(),
  variant: Variant,
  /** The range's days, YYYY-MM-DD in `timeZone`. */
  days: Type.Array(Type.String()),
  charts: Type.Array(MetricsChart),
  topPages: Type.Array(MetricsTopPage),
});
export type MetricsAnswer = Type.Static<typeof MetricsAnswer>;
