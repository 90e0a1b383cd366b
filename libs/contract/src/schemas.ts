// What the server imports: the TypeBox schemas (JSON Schema + types) plus the plain values.
export * from './lib/common';
export * from './lib/users';
export * from './lib/social';
export * from './lib/constants';
export * from './lib/endpoints';
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
export * from './lib/drafts';
export * from './lib/drafts-values';
