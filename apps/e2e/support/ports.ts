/** Ports the browser tests use; far from the 4200 of `npm start` so both can run at once. */
export const PORTS = {
  app: 4310,
  altRemote: 4311,
  appWithAltRemote: 4312,
} as const;

export const appUrl = (host = 'localhost', path = '/') => `http://${host}:${PORTS.app}${path}`;
