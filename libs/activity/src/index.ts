export * from './lib/activity-logger';
export * from './lib/activity-session';
export * from './lib/local-time';
export * from './lib/use-visit-logger';
