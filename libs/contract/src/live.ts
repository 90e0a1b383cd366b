// Live table reads' plain values for the web: a separate entry, so its texts and
// timings load with the reader and Messages, not with every first page (the shell shares
// '@vox/contract').
export * from './lib/live-values';
export type * from './lib/live';
// Live table reads' calls (liveEndpoints).
export * from './lib/live-endpoints';
