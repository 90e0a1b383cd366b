// Shared by the routes that serve stored files named by the hash of their bytes (photos, audio).
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { NotFoundError, RangeNotSatisfiableError } from '../../domain-errors';
import type { ByteRange } from '../../plugins/app/storage';

/** What such an id names never changes: browsers may keep it for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The same for a private file (a take: only a session's participants are shown its id): kept
 * for good by the browser, never by a shared cache (a CDN or proxy) in between.
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

/** A stored file to answer with: its tag, size, type and caching, and how to read it. */
export interface ServedFile {
  /** The entity tag, quoted (`"<sha256>"`). */
  etag: string;
  size: number;
  /** The type recognised at upload, never a guess from the name. */
  contentType: string;
  cacheControl: string;
  /** The bytes, or one inclusive range of them; undefined when the stored object is gone. */
  open: (range?: ByteRange) => Promise<Readable | undefined>;
  /** The 404 text when the stored object is gone, and the 416 text for a range past the end. */
  notFound: string;
  rangeNotSatisfiable: string;
  /** A Content-Disposition (a download's file name), dropped again if the object is gone. */
  disposition?: string;
}

/**
 * Answers a GET or HEAD for a stored file, for players that seek (and Safari, which insists on
 * ranges): ETag with If-None-Match (304); the Range header read by range-parser (the parser
 * Express and send use); one range gives 206 with exactly those bytes, several ranges or a
 * malformed header the whole file (as send does), a range past the end 416 with the size;
 * If-Range with another tag than ours asks for the whole file. HEAD reads nothing from storage.
 * Takes, sounds, episodes and rendered reads (named for download) all answer through here.
 */
export async function serveFile(request: FastifyRequest, reply: FastifyReply, file: ServedFile) {
  const { etag, size } = file;
  reply.header('ETag', etag).header('Cache-Control', file.cacheControl).header('Accept-Ranges', 'bytes');
  if (file.disposition) reply.header('Content-Disposition', file.disposition);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(NO_BODY);
  const ifRange = request.headers['if-range'];
  const header = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
  const ranges = header ? parseRange(size, header, { combine: true }) : -2;
  // The 416 carries the size in Content-Range for the player.
  if (ranges === -1) throw new RangeNotSatisfiableError(file.rangeNotSatisfiable, size);
  const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0] : undefined;
  // Browsers must not sniff another type out of the bytes.
  reply.type(file.contentType).header('X-Content-Type-Options', 'nosniff');
  if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('Content-Length', String(range ? range.end - range.start + 1 : size));
  // Fastify answers HEAD from this handler and keeps our Content-Length for a stream payload
  // (an empty one: nothing is read from the storage), never for no payload.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  const body = await file.open(range);
  if (!body) {
    // The error answer drops the file's type and length itself; these belong to the file alone.
    reply.removeHeader('Content-Range').removeHeader('Content-Disposition');
    throw new NotFoundError(file.notFound);
  }
  return reply.send(body);
}
