/**
 * Ports the browser tests use; far from the 4200 of `npm start` so both can run at once.
 * E2E_PORT_BASE moves all of them (two people, or two agents, running browser tests on one
 * machine at the same time); E2E_TMP moves their data folder likewise.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4310);

export const PORTS = {
  app: base,
  altRemote: base + 1,
  appWithAltRemote: base + 2,
  /** microsoft.spec.ts starts its own API here. */
  microsoftApp: base + 3,
  /** one-sign-in.spec.ts: the four *.localhost sites, one cookie each, sharing the sign-in by handoff. */
  handoffApp: base + 4,
  /** one-sign-in.spec.ts: the four voxclub.test sites under one parent domain (COOKIE_DOMAIN). */
  parentDomainApp: base + 5,
} as const;

export const appUrl = (host = 'localhost', path = '/') => `http://${host}:${PORTS.app}${path}`;

/** The commit whose main remote the alt origin serves: the last before the shell matched the routes (Frame and Page). */
export const PREVIOUS_REMOTE_COMMIT = '4e3eab8';
