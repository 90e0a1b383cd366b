// The casting area's plain values and types for the web: a separate entry, so its texts load
// with the casting pages and not with every first page (the shell shares '@vox/contract').
export * from './lib/casting-values';
export type * from './lib/casting';
export type * from './lib/casting-auditions';
// The casting area's calls (castingEndpoints).
export * from './lib/casting-endpoints';
