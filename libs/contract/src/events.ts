// The events area's plain values and types for the web: a separate entry, so its texts
// load with the events pages and not with every first page (the shell shares '@vox/contract').
export * from './lib/events-values';
export type * from './lib/events';
// The events area's calls (eventEndpoints).
export * from './lib/events-endpoints';
