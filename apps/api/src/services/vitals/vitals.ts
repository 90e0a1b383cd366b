import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  VITAL_METRICS,
  VITALS_DEFAULT_DAYS,
  VITALS_MAX_DAYS,
  VITALS_MESSAGES,
  vitalRating,
  type VitalGroup,
  type VitalMetric,
  type RemoteFailureBeacon,
  type RemoteFailuresAnswer,
  type RemoteFailuresQuery,
  type VitalsAnswer,
  type VitalsBeacon,
  type VitalsQuery,
  type VitalSummary,
} from '@vox/contract/schemas';
import { BadRequestError } from '../../domain-errors';
import type { BucketCount } from '../../repositories/vitals';

declare module 'fastify' {
  interface FastifyInstance {
    vitals: VitalsService;
  }
}

interface VitalsService {
  /** Stores one page view's beacon (anyone may send one; the route bounds its size and rate). */
  record(beacon: VitalsBeacon, now?: Date): Promise<void>;
  /** p75 and rating counts per metric, per day and per site/route/remote version (the caller holds show_metrics). */
  summary(query: VitalsQuery, now?: number): Promise<VitalsAnswer>;
  /** Stores one remote load failure (anyone may send one; the route bounds its size and rate). */
  recordFailure(beacon: RemoteFailureBeacon, now?: Date): Promise<void>;
  /** Load failures per remote version and fallback over the days asked for (the caller holds show_metrics). */
  failures(query: RemoteFailuresQuery, now?: number): Promise<RemoteFailuresAnswer>;
}

/** Failure groups in one answer, the most failing first. */
const MAX_FAILURE_GROUPS = 100;

const DAY_MS = 86_400_000;
/** Groups in one answer, the most sampled first. */
const MAX_GROUPS = 200;

/** A value's bucket: rounded up to 10 ms, CLS to 0.001, so a threshold's value stays on its own side. */
const UNIT: Record<VitalMetric, number> = { LCP: 10, INP: 10, CLS: 0.001, FCP: 10, TTFB: 10 };
const bucketOf = (metric: VitalMetric, value: number) => Math.ceil(Number((value / UNIT[metric]).toFixed(6)));
const valueOf = (metric: VitalMetric, bucket: number) => Number((bucket * UNIT[metric]).toFixed(3));

interface Tally {
  count: number;
  p75: number | null;
  good: number;
  needsImprovement: number;
  poor: number;
}

/**
 * p75 by nearest rank (the smallest bucket value that at least 75% of the samples do not exceed)
 * and the samples per rating, from one metric's bucket counts.
 */
function tally(metric: VitalMetric, buckets: Array<{ bucket: number; count: number }>): Tally {
  const sorted = [...buckets].sort((a, b) => a.bucket - b.bucket);
  const count = sorted.reduce((sum, b) => sum + b.count, 0);
  const out: Tally = { count, p75: null, good: 0, needsImprovement: 0, poor: 0 };
  const rank = Math.ceil(0.75 * count);
  let seen = 0;
  for (const { bucket, count: n } of sorted) {
    const value = valueOf(metric, bucket);
    out[vitalRating(metric, value)] += n;
    if (out.p75 === null && seen + n >= rank && count > 0) out.p75 = value;
    seen += n;
  }
  return out;
}

const dateOf = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
const dayNumberOf = (date: string) => Date.parse(`${date}T00:00:00.000Z`) / DAY_MS;

/** The UTC days asked for (default: the last 28, today included), checked. */
function daysOf(query: VitalsQuery, now: number): string[] {
  const last = query.to ? dayNumberOf(query.to) : Math.floor(now / DAY_MS);
  const first = query.from ? dayNumberOf(query.from) : last - (VITALS_DEFAULT_DAYS - 1);
  if (!Number.isInteger(first) || !Number.isInteger(last) || (query.from && dateOf(first) !== query.from) || (query.to && dateOf(last) !== query.to)) {
    throw new BadRequestError(VITALS_MESSAGES.badRange);
  }
  if (last < first) throw new BadRequestError(VITALS_MESSAGES.badRange);
  if (last - first + 1 > VITALS_MAX_DAYS) throw new BadRequestError(VITALS_MESSAGES.tooLong);
  return Array.from({ length: last - first + 1 }, (_, i) => dateOf(first + i));
}

function byKey<T extends BucketCount>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

async function vitalsService(app: FastifyInstance) {
  const repo = app.vitalsRepository;
  const service: VitalsService = {
    async record(beacon, now = new Date()) {
      const names = beacon.metrics.map((m) => m.name);
      if (new Set(names).size !== names.length) throw new BadRequestError(VITALS_MESSAGES.repeatedMetric);
      const receivedAt = now.toISOString();
      await repo.insertBeacon(
        beacon.metrics.map(({ name, value }) => ({
          receivedAt,
          day: receivedAt.slice(0, 10),
          site: beacon.site,
          route: beacon.route,
          remote: beacon.remote,
          version: beacon.remoteVersion,
          shellVersion: beacon.shellVersion,
          device: beacon.device,
          connection: beacon.connection,
          metric: name,
          value,
          bucket: bucketOf(name, value),
        })),
      );
    },

    async summary(query, now = Date.now()) {
      const days = daysOf(query, now);
      const filter = { from: days[0], to: days[days.length - 1], site: query.site, route: query.route, remote: query.remote, version: query.version };
      const [perDay, perGroup, versions] = await Promise.all([repo.bucketsPerDay(filter), repo.bucketsPerGroup(filter), repo.versions(filter)]);

      const dailyRows = byKey(perDay, (r) => `${r.metric} ${r.day}`);
      const metricRows = byKey(perDay, (r) => r.metric);
      const metrics: VitalSummary[] = VITAL_METRICS.map((metric) => ({
        metric,
        ...tally(metric, metricRows.get(metric) ?? []),
        daily: days.map((day) => tally(metric, dailyRows.get(`${metric} ${day}`) ?? []).p75),
      }));

      const groups: VitalGroup[] = [...byKey(perGroup, (r) => JSON.stringify([r.site, r.route, r.remote, r.version, r.metric])).values()]
        .map((rows) => {
          const { site, route, remote, version, metric } = rows[0];
          return { site, route, remote, version, metric, ...tally(metric as VitalMetric, rows) } as VitalGroup;
        })
        .sort((a, b) => b.count - a.count || a.site.localeCompare(b.site) || a.route.localeCompare(b.route) || a.version.localeCompare(b.version) || VITAL_METRICS.indexOf(a.metric) - VITAL_METRICS.indexOf(b.metric))
        .slice(0, MAX_GROUPS);

      return { from: filter.from, to: filter.to, days, metrics, groups, versions };
    },

    async recordFailure(beacon, now = new Date()) {
      await repo.insertFailure({ receivedAt: now.toISOString(), ...beacon });
    },

    async failures(query, now = Date.now()) {
      const days = daysOf(query, now);
      const [from, to] = [days[0], days[days.length - 1]];
      const before = dateOf(dayNumberOf(to) + 1);
      return { from, to, groups: await repo.failureGroups(`${from}T00:00:00.000Z`, `${before}T00:00:00.000Z`, MAX_FAILURE_GROUPS) };
    },
  };
  app.decorate('vitals', service);
}

export default fp(vitalsService, { name: 'vitals', dependencies: ['vitals-repository'] });
