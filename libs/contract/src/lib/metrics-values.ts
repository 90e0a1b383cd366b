/** The metrics dashboard's plain values, shared by the server and the web. */

/** The site variant filter: `all`, or the site the activity was logged on. */
export const METRICS_VARIANTS = ['all', 'main', 'school', 'podcast', 'dashboard'] as const;
export type MetricsVariant = (typeof METRICS_VARIANTS)[number];

/** The rule of VISIT_COUNTS_AFTER_MS (core constants) in words, shown beside visit counts on the dashboard. */
export const VISIT_RULE_TEXT = 'A visit counts once a page has been open for one second; pages left sooner, such as redirects, are not counted.';

/** The charts, in the order the dashboard shows them. */
export const METRICS_CHART_IDS = ['activeUsers', 'visits', 'logins', 'shareLinks', 'readingSessions', 'subscriptions', 'episodes', 'casting'] as const;
export type MetricsChartId = (typeof METRICS_CHART_IDS)[number];

/** The range when none is asked for: the last 30 days, today included. */
export const METRICS_DEFAULT_DAYS = 30;

/** What `charts` may name: the charts and the top pages table. */
export const METRICS_PARTS = [...METRICS_CHART_IDS, 'topPages'] as const;
export type MetricsPart = (typeof METRICS_PARTS)[number];

/** Longest range one call may ask for, in days. */
export const METRICS_MAX_DAYS = 366;

export const METRICS_MESSAGES = {
  badRange: 'The range must start on or before its end.',
  tooLong: `A range can be at most ${METRICS_MAX_DAYS} days long.`,
  badTimeZone: 'This time zone is not known.',
  variantNotApplied: 'Counted on every site: these rows do not record which site they came from.',
  unknownChart: 'There is no chart of that name.',
  episodesMissing: 'Podcast episodes cannot be played yet, so this chart stays at zero until they can.',
} as const;

