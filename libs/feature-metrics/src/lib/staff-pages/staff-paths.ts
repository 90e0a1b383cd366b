/** The dashboard's own pages (its route table): /metrics paths, so they reach the dashboard from any host. */
export const STAFF_PATHS = { charts: '/metrics', vitals: '/metrics/vitals', jobs: '/metrics/jobs', requests: '/metrics/requests' } as const;
