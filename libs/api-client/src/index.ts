export * from './lib/api-error';
export * from './lib/api-client';
export * from './lib/api';
export { isRefreshPath } from './lib/refresh-path';
export * from './lib/query-client';
export { usePhotoUrl } from './lib/use-photo-url';
