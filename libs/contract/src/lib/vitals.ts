import Type from 'typebox';
import { REMOTE_FAILURE_MAX_REASON, VITAL_MAX_VALUES, VITALS_CONNECTIONS, VITALS_DEVICES, VITALS_MAX_METRICS, VITALS_SITES, VITAL_METRICS } from './vitals-values';

/**
 * Real-user web vitals: the beacon a page sends once it is hidden (anyone, signed in or not) and
 * the dashboard's Web vitals tab (staff with show_metrics). Beacons carry tags and numbers only:
 * no user, path or query.
 */

const Site = Type.Union([Type.Literal('main'), Type.Literal('school'), Type.Literal('podcast'), Type.Literal('dashboard')]);
const Device = Type.Union([Type.Literal('mobile'), Type.Literal('desktop')]);
const Connection = Type.Union([Type.Literal('slow-2g'), Type.Literal('2g'), Type.Literal('3g'), Type.Literal('4g'), Type.Literal('unknown')]);
const MetricName = Type.Union([Type.Literal('LCP'), Type.Literal('INP'), Type.Literal('CLS'), Type.Literal('FCP'), Type.Literal('TTFB')]);
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
if (
  !sameList(Site.anyOf.map((s) => s.const), VITALS_SITES) ||
  !sameList(Device.anyOf.map((s) => s.const), VITALS_DEVICES) ||
  !sameList(Connection.anyOf.map((s) => s.const), VITALS_CONNECTIONS) ||
  !sameList(MetricName.anyOf.map((s) => s.const), VITAL_METRICS)
) {
  throw new Error('vitals.ts: the literal unions and vitals-values.ts disagree.');
}

/** A route id of the table (`scripts`, `session`), `notFound`, or the dashboard's `dashboard`. */
const RouteId = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,63}$' });
/** A remote's name (the manifest's key) or a build's version: a short hash or label. */
const Tag = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$' });

const metricOf = (name: (typeof VITAL_METRICS)[number]) =>
  Type.Object({ name: Type.Literal(name), value: Type.Number({ minimum: 0, maximum: VITAL_MAX_VALUES[name] }) }, { additionalProperties: false });

export const VitalsBeacon = Type.Object(
  {
    site: Site,
    route: RouteId,
    remote: Tag,
    remoteVersion: Tag,
    shellVersion: Tag,
    device: Device,
    connection: Connection,
    metrics: Type.Array(Type.Union([metricOf('LCP'), metricOf('INP'), metricOf('CLS'), metricOf('FCP'), metricOf('TTFB')]), { minItems: 1, maxItems: VITALS_MAX_METRICS }),
  },
  { additionalProperties: false },
);
export type VitalsBeacon = Type.Static<typeof VitalsBeacon>;

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';

export const VitalsQuery = Type.Object({
  /** First UTC day (inclusive); by default 27 days before `to`. */
  from: Type.Optional(Type.String({ pattern: DATE })),
  /** Last UTC day (inclusive); by default today. */
  to: Type.Optional(Type.String({ pattern: DATE })),
  site: Type.Optional(Site),
  route: Type.Optional(RouteId),
  remote: Type.Optional(Tag),
  /** A version of `remote`. */
  version: Type.Optional(Tag),
});
export type VitalsQuery = Type.Static<typeof VitalsQuery>;

const Count = Type.Integer({ minimum: 0 });
/** The 75th percentile (the smallest value at least 75% of samples do not exceed), null without samples. */
const P75 = Type.Union([Type.Number(), Type.Null()]);

export const VitalSummary = Type.Object({
  metric: MetricName,
  count: Count,
  p75: P75,
  good: Count,
  needsImprovement: Count,
  poor: Count,
  /** p75 per day of `days`. */
  daily: Type.Array(P75),
});
export type VitalSummary = Type.Static<typeof VitalSummary>;

export const VitalGroup = Type.Object({
  site: Site,
  route: Type.String(),
  remote: Type.String(),
  version: Type.String(),
  metric: MetricName,
  count: Count,
  p75: P75,
  good: Count,
  needsImprovement: Count,
  poor: Count,
});
export type VitalGroup = Type.Static<typeof VitalGroup>;

const VitalVersion = Type.Object({ remote: Type.String(), version: Type.String(), count: Count, lastDay: Type.String() });

export const VitalsAnswer = Type.Object({
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(Type.String()),
  /** Every metric over the filters, in VITAL_METRICS order. */
  metrics: Type.Array(VitalSummary),
  /** Per site, route, remote version and metric over the range, most samples first (at most 200). */
  groups: Type.Array(VitalGroup),
  /** The remote versions seen in the range (for the comparison), newest first. */
  versions: Type.Array(VitalVersion),
});
export type VitalsAnswer = Type.Static<typeof VitalsAnswer>;

/**
 * A remote that failed to load (its entry or its `./App`: a network error, a 404, a chunk error),
 * sent by the shell as it loads the manifest's fallback instead (anyone, signed in or not; no
 * user, path or query). `fallbackVersion` is the version the shell turned to, `recovered` whether
 * that one loaded.
 */
export const RemoteFailureBeacon = Type.Object(
  {
    site: Site,
    remote: Tag,
    version: Tag,
    fallbackVersion: Tag,
    recovered: Type.Boolean(),
    reason: Type.String({ maxLength: REMOTE_FAILURE_MAX_REASON }),
  },
  { additionalProperties: false },
);
export type RemoteFailureBeacon = Type.Static<typeof RemoteFailureBeacon>;

export const RemoteFailuresQuery = Type.Object({
  /** First UTC day (inclusive); by default 27 days before `to`. */
  from: Type.Optional(Type.String({ pattern: DATE })),
  /** Last UTC day (inclusive); by default today. */
  to: Type.Optional(Type.String({ pattern: DATE })),
});
export type RemoteFailuresQuery = Type.Static<typeof RemoteFailuresQuery>;

/** Load failures of one remote version over the range, per fallback it turned to. */
const RemoteFailureGroup = Type.Object({
  remote: Type.String(),
  version: Type.String(),
  fallbackVersion: Type.String(),
  count: Count,
  /** How many of them the fallback saved (the page was drawn). */
  recovered: Count,
  lastAt: Type.String(),
  /** The latest failure's message. */
  lastReason: Type.String(),
});

export const RemoteFailuresAnswer = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** Most failures first (at most 100). */
  groups: Type.Array(RemoteFailureGroup),
});
export type RemoteFailuresAnswer = Type.Static<typeof RemoteFailuresAnswer>;
