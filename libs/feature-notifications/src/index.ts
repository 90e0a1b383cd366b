export * from './lib/api/notifications';
