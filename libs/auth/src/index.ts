export * from './lib/auth-store';
export * from './lib/use-auth';
export * from './lib/auth-config';
export * from './lib/bootstrap-auth';
export * from './lib/auth-actions';
export * from './lib/microsoft';
// The modal itself is @vox/auth/modal (loaded when it first opens); its mode type is shared.
export type { AuthMode } from './modal';
export * from './lib/auth-modal-store';
export * from './lib/use-privileges';
export * from './lib/gates';
export * from './lib/remote-root';
