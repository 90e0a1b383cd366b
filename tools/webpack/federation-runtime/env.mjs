// Replaces @module-federation/sdk's dist/env.js in the shell's build (see index.cjs).
// The original's isDebugMode() falls back to reading localStorage (key FEDERATION_DEBUG), and the
// runtime asks it as it starts (setGlobalFederationConstructor) and on each debug log. That was the
// page's first localStorage access, a synchronous load of the origin's storage inside main.js's
// evaluation on every cold load (2-4 ms unthrottled); VoxClub's first route touches localStorage
// nowhere else. Here the runtime's debug mode is on when the build defines FEDERATION_DEBUG or the
// page has set `window.FEDERATION_DEBUG = true` before main.js runs (a global of that name is what
// `typeof FEDERATION_DEBUG` sees). The other exports are the original's, unchanged.
/* global ENV_TARGET, FEDERATION_DEBUG */
export const isBrowserEnvValue =
  typeof ENV_TARGET !== 'undefined' ? ENV_TARGET === 'web' : typeof window !== 'undefined' && typeof window.document !== 'undefined';

export function isBrowserEnv() {
  return isBrowserEnvValue;
}

export function isReactNativeEnv() {
  return typeof navigator !== 'undefined' && navigator?.product === 'ReactNative';
}

export function isDebugMode() {
  if (typeof process !== 'undefined' && process.env && process.env['FEDERATION_DEBUG']) return Boolean(process.env['FEDERATION_DEBUG']);
  return typeof FEDERATION_DEBUG !== 'undefined' && Boolean(FEDERATION_DEBUG);
}

export const getProcessEnv = function () {
  return typeof process !== 'undefined' && process.env ? process.env : {};
};
