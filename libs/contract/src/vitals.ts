// Real-user web vitals for the web: the reporter's and the dashboard's values and calls, an entry
// of its own so no first route carries them (the reporter loads after the first paint).
export * from './lib/vitals-values';
export type * from './lib/vitals';
export * from './lib/vitals-endpoints';
