import { Transform, type Readable } from 'node:stream';

/** One stored object: its key and its size in bytes. */
export interface StoredObject {
  key: string;
  size: number;
}

/** An inclusive byte range, as HTTP writes it (`bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** More bytes than this and the put fails with ObjectTooLargeError, leaving nothing stored. */
  maxBytes?: number;
  /** Kept with the object where the backend can (S3); the database row stays the authority. */
  contentType?: string;
}

/**
 * Where every stored file lives (recordings, photos, covers): local disk under DATA_DIR (the
 * default) or an S3-compatible bucket (S3_BUCKET set). Keys are `<area>/<name>` such as
 * `audio/<sha256>`; an object is written completely or not at all, so a reader never sees half
 * a file and a refused upload leaves nothing behind.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Streams `body` in under `key` (replacing what is there). */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<StoredObject>;
  /** Moves a finished local file in (renamed on disk, uploaded to a bucket); the file is gone after. */
  putFile(key: string, file: string, options?: PutOptions): Promise<StoredObject>;
  /** The bytes (or the bytes of `range`, already clamped to the object), or undefined when absent. */
  get(key: string, range?: ByteRange): Promise<Readable | undefined>;
  head(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing an absent one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no promised order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Answers when the backend can be reached (readiness); throws otherwise. */
  check(): Promise<void>;
}

export class ObjectTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes.`);
    this.name = 'ObjectTooLargeError';
  }
}

/** `<area>/<name>[/<name>…]`: lower-case area, names that never start with a dot (no `..`). */
const KEY = /^[a-z][a-z0-9-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

export const isStorageKey = (key: string) => KEY.test(key);

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Counts bytes through; fails the stream once more than `maxBytes` went by. */
export function sizeCap(maxBytes: number | undefined, onSize: (size: number) => void): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) return done(new ObjectTooLargeError(maxBytes));
      onSize(size);
      done(null, chunk);
    },
  });
}
