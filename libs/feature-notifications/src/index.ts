export * from './lib/use-new-message-dot';
export * from './lib/last-seen-notification';
