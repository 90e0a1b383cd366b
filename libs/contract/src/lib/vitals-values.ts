/** Real-user web vitals: the plain values the reporter, the server and the dashboard share. */

/** The metrics a beacon may carry (web-vitals' names), in the order the dashboard shows them. */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/**
 * The Core Web Vitals thresholds: a value up to the first is good, up to the second needs
 * improvement, above it is poor (milliseconds; CLS has no unit).
 */
export const VITAL_THRESHOLDS: Record<VitalMetric, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

/** The largest value kept per metric; a beacon with a larger one is refused (a clock gone wrong, not a page). */
export const VITAL_MAX_VALUES: Record<VitalMetric, number> = { LCP: 120_000, INP: 60_000, CLS: 50, FCP: 120_000, TTFB: 120_000 };

/** The sites a beacon is tagged with (the variant the host name picks). */
export const VITALS_SITES = ['main', 'school', 'podcast', 'dashboard'] as const;
export type VitalsSite = (typeof VITALS_SITES)[number];

export const VITALS_DEVICES = ['mobile', 'desktop'] as const;

/** navigator.connection.effectiveType, or `unknown` where the browser does not tell. */
export const VITALS_CONNECTIONS = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;
export type VitalsConnection = (typeof VITALS_CONNECTIONS)[number];

/** One beacon carries each metric at most once. */
export const VITALS_MAX_METRICS = VITAL_METRICS.length;

/** Largest beacon body, in bytes (a full beacon is about 400). */
export const VITALS_MAX_BODY_BYTES = 2048;

/** The longest range the dashboard asks for, in days, and its default. */
export const VITALS_MAX_DAYS = 90;
export const VITALS_DEFAULT_DAYS = 28;

export const VITALS_MESSAGES = {
  badRange: 'The range must start on or before its end.',
  tooLong: `A range can be at most ${VITALS_MAX_DAYS} days long.`,
  repeatedMetric: 'A beacon names each metric at most once.',
} as const;

/** good, needs improvement or poor, by the thresholds. */
export function vitalRating(metric: VitalMetric, value: number): 'good' | 'needsImprovement' | 'poor' {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needsImprovement' : 'poor';
}

/** Largest remote-load-failure beacon body, in bytes (a full one is about 300). */
export const REMOTE_FAILURE_MAX_BODY_BYTES = 1024;
/** The failure's message is cut to this many characters by the shell (the schema refuses longer). */
export const REMOTE_FAILURE_MAX_REASON = 300;
/** The version tag of the remote the shell's build names (REMOTES_MANIFEST or the build's remotes.json): no release of its own. */
export const BUILT_IN_VERSION = 'built-in';
