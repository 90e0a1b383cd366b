import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet builds a new helmet
 * middleware on every request (its CSP directives parsed and formatted again each time: 6% of the
 * CPU of a bare route in the poll benchmark); our options hold no per-request parts (no nonces, no
 * directive functions), so the answer is the same for every request.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers. The CSP is deliberately permissive about *where* scripts and styles come
 * from: the shell loads federated remotes from URLs a platform engineer sets at run time
 * (/remotes.json may point at any http(s) origin), so hosts cannot be listed at build time.
 * It still blocks inline and eval'd scripts, plugins and framing by other sites.
 */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'http:', 'https:'],
      // Component libraries and Swagger UI set style attributes.
      styleSrc: ["'self'", "'unsafe-inline'", 'http:', 'https:'],
      imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
      mediaSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
      fontSrc: ["'self'", 'data:', 'http:', 'https:'],
      connectSrc: ["'self'", 'http:', 'https:', 'ws:', 'wss:'],
      // MSAL uses hidden iframes for silent token renewal.
      frameSrc: ["'self'", 'http:', 'https:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", 'http:', 'https:'],
      frameAncestors: ["'self'"],
      // No upgrade-insecure-requests: the one-process setup is served over plain http on localhost.
    },
  },
  // Remote bundles may be loaded by a shell on another origin (remotes are chosen at run time).
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  // Keeps window.opener for sign-in popups (MSAL) while isolating from other openers.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

async function securityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders(SECURITY_HEADER_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
