export * from './lib/resolve-variant';
export * from './lib/layout';
