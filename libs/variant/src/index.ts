export * from './lib/resolve-variant';
