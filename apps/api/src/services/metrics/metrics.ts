import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  METRICS_CHART_IDS,
  METRICS_DEFAULT_DAYS,
  METRICS_MAX_DAYS,
  METRICS_MESSAGES,
  METRICS_PARTS,
  type MetricsAnswer,
  type MetricsChart,
  type MetricsChartId,
  type MetricsPart,
  type MetricsQuery,
  type MetricsSeries,
} from '@vox/contract/schemas';
import { BadRequestError } from '../../domain-errors';
import type { DayCount, Period } from '../../repositories/metrics';
import { dateOfDay, dayEdges, dayNumber, isTimeZone, isoOf, offsetAt } from './metrics-days';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: MetricsService;
  }
}

interface MetricsService {
  /**
   * Every chart of the dashboard for the days `from`..`to` (inclusive) counted in `tz`, and the
   * same totals for the range of the same length just before. The caller holds show_metrics
   * (the route checks it). Aggregates only: counts per day and route patterns.
   */
  charts(query: MetricsQuery): Promise<MetricsAnswer>;
}

const TOP_PAGES = 10;

/** The days of two ranges (the previous one, then the asked one) in the zone, and the two ranges. */
export function dayWindow(query: MetricsQuery, now = Date.now()) {
  const timeZone = query.tz ?? 'UTC';
  if (!isTimeZone(timeZone)) throw new BadRequestError(METRICS_MESSAGES.badTimeZone);
  const last = query.to ? dayNumber(query.to) : Math.floor((now + offsetAt(timeZone, now) * 1000) / 86_400_000);
  const first = query.from ? dayNumber(query.from) : last - (METRICS_DEFAULT_DAYS - 1);
  const to = dateOfDay(last);
  const from = dateOfDay(first);
  if (Number.isNaN(first) || Number.isNaN(last) || (query.from && from !== query.from) || (query.to && to !== query.to)) {
    throw new BadRequestError(METRICS_MESSAGES.badRange);
  }
  if (last < first) throw new BadRequestError(METRICS_MESSAGES.badRange);
  const length = last - first + 1;
  if (length > METRICS_MAX_DAYS) throw new BadRequestError(METRICS_MESSAGES.tooLong);
  const previousFirst = first - length;
  const edges = dayEdges(timeZone, previousFirst, 2 * length).map(isoOf);
  const days: Period[] = edges.slice(0, -1).map((lo, i) => ({ i, lo, hi: edges[i + 1] }));
  // The two ranges as periods: 0 the previous one, 1 the one asked for.
  const ranges: Period[] = [
    { i: 0, lo: edges[0], hi: edges[length] },
    { i: 1, lo: edges[length], hi: edges[2 * length] },
  ];
  return { days, ranges, timeZone, length, first, previousFirst, from, to };
}

/** The parts `charts=` names (all when absent); an unknown name is a 400. */
function chartsWanted(list: string | undefined): Set<MetricsPart> {
  if (!list) return new Set(METRICS_PARTS);
  const names = list.split(',');
  const known = new Set<string>(METRICS_PARTS);
  if (names.some((name) => !known.has(name))) throw new BadRequestError(METRICS_MESSAGES.unknownChart);
  return new Set(names as MetricsPart[]);
}

/** A series from counts per window day: the range's days as values, both ranges' totals. */
function series(key: string, label: string, counts: DayCount[], length: number): MetricsSeries {
  const values = new Array<number>(length).fill(0);
  let previousTotal = 0;
  for (const { day, count } of counts) {
    if (day >= length && day < 2 * length) values[day - length] += count;
    else if (day >= 0 && day < length) previousTotal += count;
  }
  return { key, label, values, total: values.reduce((a, b) => a + b, 0), previousTotal };
}

async function metrics(app: FastifyInstance) {
  const repo = app.metricsRepository;

  app.decorate('metrics', {
    async charts(query) {
      const { days, ranges, timeZone, length, first, previousFirst, from, to } = dayWindow(query);
      const wanted = chartsWanted(query.charts);
      const variant = query.variant ?? 'all';
      const site = variant === 'all' ? null : variant;
      const notApplied = site ? METRICS_MESSAGES.variantNotApplied : null;
      // The visit, login, registration and share-link charts share one grouped read of the actions
      // the wanted charts show (the page asks for each chart on its own).
      const chartActions: Partial<Record<MetricsChartId, string[]>> = { visits: ['visit'], logins: ['login', 'register'], shareLinks: ['open_sharelink'] };
      const wantedActions = Object.entries(chartActions).flatMap(([id, list]) => (wanted.has(id as MetricsChartId) ? list : []));
      const actions = wantedActions.length ? repo.activityCounts(days, site, wantedActions) : Promise.resolve([]);
      const of = async (action: string) => (await actions).filter((row) => row.action === action);
      const build: Record<MetricsChartId, () => Promise<MetricsChart>> = {
        activeUsers: async () => {
          const [daily, inRanges] = await Promise.all([repo.activeUsers(days, site), repo.activeUsers(ranges, site)]);
          const total = (i: number) => inRanges.find((row) => row.day === i)?.count ?? 0;
          const users = { ...series('users', 'Active users', daily, length), total: total(1), previousTotal: total(0) };
          return { id: 'activeUsers', title: 'Daily active users', series: [users], note: null };
        },
        visits: async () => ({ id: 'visits', title: 'Visits', series: [series('visits', 'Visits', await of('visit'), length)], note: null }),
        logins: async () => ({
          id: 'logins',
          title: 'Logins and registrations',
          series: [series('logins', 'Logins', await of('login'), length), series('registrations', 'Registrations', await of('register'), length)],
          note: null,
        }),
        shareLinks: async () => ({
          id: 'shareLinks',
          title: 'Share-link opens',
          series: [series('opens', 'Share-link opens', await of('open_sharelink'), length)],
          note: null,
        }),
        readingSessions: async () => {
          const [sessions, takes] = await Promise.all([repo.rowsPerDay(days, 'reading_sessions'), repo.rowsPerDay(days, 'takes')]);
          return {
            id: 'readingSessions',
            title: 'Reading sessions and takes',
            series: [series('sessions', 'Sessions started', sessions, length), series('takes', 'Takes recorded', takes, length)],
            note: notApplied,
          };
        },
        subscriptions: async () => ({
          id: 'subscriptions',
          title: 'New subscriptions',
          series: [series('subscriptions', 'New subscriptions', await repo.rowsPerDay(days, 'subscriptions'), length)],
          note: notApplied,
        }),
        // One podcast_plays row per episode, listener and UTC day, by its first play's time.
        episodes: async () => ({
          id: 'episodes',
          title: 'Episodes played',
          series: [series('plays', 'Episodes played', await repo.rowsPerDay(days, 'podcast_plays'), length)],
          note: notApplied,
        }),
        // Calls by their posting time; auditions by the time they were sent (drafts are not counted).
        casting: async () => {
          const [calls, sent] = await Promise.all([repo.rowsPerDay(days, 'casting_calls'), repo.rowsPerDay(days, 'casting_auditions', 'sent_at')]);
          return {
            id: 'casting',
            title: 'Casting calls and auditions',
            series: [series('calls', 'Casting calls posted', calls, length), series('auditions', 'Auditions sent', sent, length)],
            note: notApplied,
          };
        },
      };
      const [charts, topPages] = await Promise.all([
        Promise.all(METRICS_CHART_IDS.filter((id) => wanted.has(id)).map((id) => build[id]())),
        wanted.has('topPages') ? repo.topRoutes(ranges, site, TOP_PAGES) : Promise.resolve([]),
      ]);
      return {
        from,
        to,
        previousFrom: dateOfDay(previousFirst),
        previousTo: dateOfDay(first - 1),
        timeZone,
        variant,
        days: Array.from({ length }, (_, i) => dateOfDay(first + i)),
        charts,
        topPages,
      };
    },
  } satisfies MetricsService);
}

export default fp(metrics, { name: 'metrics', dependencies: ['metrics-repository'] });
