export * from './lib/has-privilege';
export * from './lib/policies';
export * from './lib/school-user';
export * from './lib/is-friend';
