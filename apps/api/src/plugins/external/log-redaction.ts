/**
 * Logger options with secrets blanked out. Bodies are never logged; these paths cover the
 * headers that carry credentials (access token, refresh cookie) and any object that a log call
 * might pass along with a password or token in it.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'token',
  '*.token',
  'idToken',
  '*.idToken',
];

export function withLogRedaction(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const options = logger === true ? {} : (logger as Record<string, unknown>);
  return { ...options, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}
