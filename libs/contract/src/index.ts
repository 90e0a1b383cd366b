export * from './lib/common';
export * from './lib/users';
export * from './lib/social';
export * from './lib/paths';
