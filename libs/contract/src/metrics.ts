// The metrics dashboard's plain values for the web: a separate entry, so they load with
// the dashboard, not with every first page (the shell shares '@vox/contract').
export * from './lib/metrics-values';
export type * from './lib/metrics';
// The dashboard's and staff pages' calls (metricsEndpoints).
export * from './lib/metrics-endpoints';
