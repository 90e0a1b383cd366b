// Shared by the routes that serve stored files named by the hash of their bytes (photos, audio).

/** What such an id names never changes: browsers may keep it for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The same for a private file (a take: only a session's participants are shown its id): kept
 * for good by the browser, never by a shared cache (a CDN or proxy) in between (issue 22).
 */
export const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

/** True when If-None-Match names this entity tag (strong or weak form, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * The payload of a 304: none at all. The typed reply asks for the schema's `null`, but a `null`
 * payload is serialized to the text "null", which Node's http drops for a 304 and Fastify's inject
 * does not; no payload leaves nothing to drop.
 */
export const NO_BODY = undefined as unknown as null;
