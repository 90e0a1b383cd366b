import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { followFile, manifestFileOf } from './remotes-manifest';

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet builds a new helmet
 * middleware on every request (its CSP directives parsed and formatted again each time: 6% of the
 * CPU of a bare route in the poll benchmark); our options hold no per-request parts (no nonces, no
 * directive functions), so the answer is the same for every request.
 */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
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
 * Security headers. The base policy allows scripts, styles, fetches, frames and form posts from
 * this origin only; each answer's policy adds the origins the remotes manifest names at that
 * moment (a platform engineer may point a remote at another origin at run time) and, when
 * Microsoft sign-in is configured, its authority (MSAL fetches its metadata and renews tokens in
 * a hidden frame). Images, media and fonts: this origin, the remotes' origins, and Freesound's
 * previews when Freesound is configured. An injected <script src="https://elsewhere/..."> is blocked. Inline and
 * eval'd scripts, plugins and framing by other sites stay blocked as before, except the shell's
 * own inline scripts, each allowed by its hash (inlineScriptHashes).
 */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Component libraries and Swagger UI set style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Images, sound and fonts come from this origin: photos, covers, sounds and renders are served
      // by the API (from local disk or the bucket alike), fonts are the system's. blob: holds a
      // photo being edited and a recording being listened to; data: the inline icons in styles.
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      // No upgrade-insecure-requests: the one-process setup is served over plain http on localhost.
    },
  },
  // Remote bundles may be loaded by a shell on another origin (remotes are chosen at run time).
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  // Keeps window.opener for sign-in popups (MSAL) while isolating from other openers.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

const MICROSOFT_DEFAULT_AUTHORITY = 'https://login.microsoftonline.com/common';
/** Where Freesound serves the previews /freesound-poc plays (straight from Freesound, not copied). */
const FREESOUND_PREVIEW_ORIGIN = 'https://cdn.freesound.org';

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined; // relative: this origin
  }
}

/** The http(s) origins other than this one that a remotes manifest names. */
function manifestOrigins(text: string): string[] {
  const manifest = JSON.parse(text) as unknown;
  if (!manifest || typeof manifest !== 'object') return [];
  const origins = Object.values(manifest).flatMap((entry) => (typeof entry === 'string' ? [originOf(entry)] : []));
  return [...new Set(origins.filter((o): o is string => Boolean(o)))].sort();
}

/**
 * The hash sources ('sha256-...') of the inline scripts of a page: the shell's index.html runs its
 * first script inline (the start-up requests leave as soon as the HTML arrives, not one
 * request later), and the policy allows exactly that script, no other inline one.
 */
function inlineScriptHashes(html: string | null): string[] {
  if (!html) return [];
  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes, body]) => !/\bsrc\s*=/i.test(attributes) && body.trim() !== '')
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/**
 * The CSP for these extra origins and inline script hashes, in helmet's format (worked out only when
 * they change). A remote on another origin brings its own images and fonts from there too.
 */
function policyWith(remoteOrigins: string[], signInOrigins: string[], mediaOrigins: string[], scriptHashes: string[] = []): string {
  const base = (SECURITY_HEADER_OPTIONS.contentSecurityPolicy as { directives: Record<string, string[]> }).directives;
  const directives = {
    ...base,
    scriptSrc: [...base.scriptSrc, ...scriptHashes, ...remoteOrigins],
    styleSrc: [...base.styleSrc, ...remoteOrigins],
    imgSrc: [...base.imgSrc, ...remoteOrigins],
    mediaSrc: [...base.mediaSrc, ...remoteOrigins, ...mediaOrigins],
    fontSrc: [...base.fontSrc, ...remoteOrigins],
    connectSrc: [...base.connectSrc, ...remoteOrigins, ...signInOrigins],
    frameSrc: [...base.frameSrc, ...signInOrigins],
  };
  return helmetHeaders({ ...SECURITY_HEADER_OPTIONS, contentSecurityPolicy: { useDefaults: false, directives } })['content-security-policy'];
}

async function securityHeaders(app: FastifyInstance, { config }: { config: Config }) {
  const headers = helmetHeaders(SECURITY_HEADER_OPTIONS);
  const authority = config.msClientId ? originOf(config.msAuthority ?? MICROSOFT_DEFAULT_AUTHORITY) : undefined;
  const signInOrigins = authority ? [authority] : [];
  const mediaOrigins = config.sounds.freesoundApiKey ? [FREESOUND_PREVIEW_ORIGIN] : [];
  const currentOrigins = followFile(manifestFileOf(config), (text) => {
    try {
      return text ? manifestOrigins(text) : [];
    } catch (err) {
      app.log.warn({ err }, 'remotes manifest unreadable: the CSP allows this origin only');
      return [];
    }
  });
  // The shell's page is followed as the manifest is: a new build's first script is allowed
  // without a restart.
  const currentHashes = followFile(path.join(config.webDir, 'shell', 'index.html'), inlineScriptHashes);
  let policy = { origins: [] as string[], hashes: [] as string[], text: policyWith([], signInOrigins, mediaOrigins) };
  const currentPolicy = () => {
    const origins = currentOrigins();
    const hashes = currentHashes();
    if (origins !== policy.origins || hashes !== policy.hashes) policy = { origins, hashes, text: policyWith(origins, signInOrigins, mediaOrigins, hashes) };
    return policy.text;
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    reply.header('content-security-policy', currentPolicy());
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
