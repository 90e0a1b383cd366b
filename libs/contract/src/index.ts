// What the web apps import: plain values and types only (no TypeBox at run time). The shell shares
// this entry eagerly, so every first route on every variant carries its values: it holds only the
// core (what the shell's code uses, its auth modal included, and the calls of the main site's front
// door; see ./lib/constants.ts and ./lib/endpoints.ts). Each area's values and its table of calls
// are in the area's own entry (@vox/contract/scripts, /social, /school, ...), loaded with its pages.
export * from './lib/constants';
export { named, type EndpointAuth, type EndpointMeta, type HttpMethod } from './lib/endpoint-meta';
export * from './lib/endpoints';
// The types of every call (EndpointName, Endpoint<N>, EndpointAnswer<N>...), whichever table describes it.
export * from './lib/endpoint-calls';
// The names of the GETs an app page's first script may send (the route table says which, per page).
export type { FirstReadName } from './lib/first-reads';
// The scripts area's values: @vox/contract/scripts (its own entry, off every first route).
export type * from './lib/scripts-values';
// The social area's values: @vox/contract/social (its own entry, off every first route).
export type * from './lib/social-values';
export type * from './lib/common';
export type * from './lib/users';
export type * from './lib/social';
export type * from './lib/scripts';
export type * from './lib/membership';
// The values and types: @vox/contract/events and @vox/contract/school (their own entries,
// so the shell, which shares this one, does not carry their texts).
export type * from './lib/drafts';
export type * from './lib/draft-comments';
// The metrics dashboard's values: @vox/contract/metrics (its own entry, off every first route).
export type * from './lib/metrics';
// Real-user web vitals (values and calls in @vox/contract/vitals, off every first route).
export type * from './lib/vitals';
export type * from './lib/vitals-values';
// The podcast variant's types (its values in @vox/contract/podcast, off every first route).
export type * from './lib/podcast';
// Live table reads (values in @vox/contract/live, off every first route).
export type * from './lib/live';
// Conversations (direct messages as threads; values in @vox/contract/social).
export type * from './lib/conversations-values';
export type * from './lib/conversations';
// The finished read (its texts in @vox/contract/schemas, used lazily).
export type * from './lib/read-renders';
// The first hour (share-link preview, demo scenes, handle suggestion).
export type * from './lib/first-hour';
// Casting calls (values in @vox/contract/casting, off every first route).
export type * from './lib/casting';
export type * from './lib/casting-auditions';
