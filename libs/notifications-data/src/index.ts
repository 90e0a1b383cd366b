export { notificationQueryKeys } from './lib/query-keys';
