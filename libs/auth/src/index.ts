export * from './lib/auth-store';
export * from './lib/use-auth';
export * from './lib/auth-config';
export * from './lib/bootstrap-auth';
export * from './lib/auth-actions';
export * from './lib/microsoft';
export * from './modal';
