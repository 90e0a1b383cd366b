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
export * from './lib/metrics';
export * from './lib/metrics-values';
