import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The CSP is deliberately permissive about *where* scripts and styles come
 * from: the shell loads federated remotes from URLs a platform engineer sets at run time
 * (/remotes.json may point at any http(s) origin), so hosts cannot be listed at build time.
 * It still blocks inline and eval'd scripts, plugins and framing by other sites.
 */
async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
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
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
