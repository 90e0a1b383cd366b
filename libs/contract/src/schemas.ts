// What the server imports: the TypeBox schemas (JSON Schema + types) plus the plain values.
export * from './lib/common';
export * from './lib/first-reads';
export * from './lib/public-pages';
export * from './lib/users';
export * from './lib/social';
export * from './lib/constants';
// Every call: the core table, each area's table and the full table assembled from them (allEndpoints).
export * from './lib/endpoint-meta';
export * from './lib/endpoints';
export * from './lib/endpoint-calls';
export * from './lib/all-endpoints';
export * from './lib/ops-endpoints';
export * from './lib/social-endpoints';
export * from './lib/scripts-endpoints';
export * from './lib/live-endpoints';
export * from './lib/membership-endpoints';
export * from './lib/events-endpoints';
export * from './lib/school-endpoints';
export * from './lib/drafts-endpoints';
export * from './lib/metrics-endpoints';
export * from './lib/audio-endpoints';
export * from './lib/podcast-endpoints';
export * from './lib/casting-endpoints';
export * from './lib/endpoint-schemas';
export * from './lib/scripts';
export * from './lib/scripts-values';
export * from './lib/social-values';
export * from './lib/jobs';
export * from './lib/membership';
export * from './lib/events';
export * from './lib/events-values';
export * from './lib/school';
export * from './lib/school-values';
export * from './lib/classes';
export * from './lib/classes-values';
export * from './lib/drafts';
export * from './lib/draft-comments';
export * from './lib/drafts-values';
export * from './lib/metrics';
export * from './lib/metrics-values';
// Real-user web vitals.
export * from './lib/vitals';
export * from './lib/vitals-values';
export * from './lib/vitals-endpoints';
// Hardening (removing participants, idempotency keys).
export * from './lib/hardening';
// The audio library.
export * from './lib/audio';
export * from './lib/audio-values';
// The podcast variant.
export * from './lib/podcast';
export * from './lib/podcast-values';
// Live table reads.
export * from './lib/live';
export * from './lib/live-values';
// Conversations (direct messages as threads).
export * from './lib/conversations';
export * from './lib/conversations-values';
// The finished read (one renderer for download and episode).
export * from './lib/read-renders';
export * from './lib/read-renders-values';
// Casting calls.
export * from './lib/casting';
export * from './lib/casting-auditions';
export * from './lib/casting-values';
// The first hour (share-link preview, demo scenes, handle suggestion).
export * from './lib/first-hour';
