export * from './lib/has-privilege';
