import { createHash } from 'node:crypto';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp, { type Metadata } from 'sharp';
import { PHOTO_ID_PATTERN, SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import { createLocalDiskStorage, type Storage } from '../plugins/app/storage';

/** The image types we accept and serve, by their magic bytes (never by the client's word alone). */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

class UnsupportedPhotoError extends Error {
  readonly statusCode = 415;
  constructor() {
    super('This file is not a supported image. Upload a PNG, JPEG, GIF or WebP picture.');
    this.name = 'UnsupportedPhotoError';
  }
}

/** A picture of a supported type that still cannot be a profile photo (animated, huge, damaged). */
class RejectedPhotoError extends Error {
  readonly statusCode = 422;
  constructor(message: string) {
    super(message);
    this.name = 'RejectedPhotoError';
  }
}

/** The sniffed type, when the bytes are a supported image and agree with the declared type. */
function checkedType(bytes: Buffer, contentType?: string): string {
  const type = sniffImageType(bytes);
  const declared = contentType?.split(';')[0].trim().toLowerCase().replace('image/jpg', 'image/jpeg');
  if (!type || (declared && declared !== type)) throw new UnsupportedPhotoError();
  return type;
}

/**
 * A profile photo from an uploaded picture: turned upright by its EXIF orientation, cropped to
 * a 256 px square from its centre, re-encoded as WebP without any metadata
 * (no camera, place or time leaves with it). Animated pictures are refused, and so are pictures
 * of more than 40 megapixels, from their header alone, before any pixel is decoded.
 */
async function toProfilePhoto(bytes: Buffer, contentType?: string): Promise<Buffer> {
  checkedType(bytes, contentType);
  const maxPixels = SOCIAL_LIMITS.photoMaxPixels;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new RejectedPhotoError(SOCIAL_MESSAGES.photoUnreadable);
  }
  if (!meta.width || !meta.height) throw new RejectedPhotoError(SOCIAL_MESSAGES.photoUnreadable);
  if (meta.width * meta.height > maxPixels) throw new RejectedPhotoError(SOCIAL_MESSAGES.photoTooManyPixels);
  if ((meta.pages ?? 1) > 1) throw new RejectedPhotoError(SOCIAL_MESSAGES.photoAnimated);
  const size = SOCIAL_LIMITS.photoSize;
  try {
    return await sharp(bytes, { limitInputPixels: maxPixels })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw new RejectedPhotoError(SOCIAL_MESSAGES.photoTooManyPixels);
    throw new RejectedPhotoError(SOCIAL_MESSAGES.photoUnreadable);
  }
}

interface StoredPhoto {
  id: string;
  contentType: string;
  /** Its storage key, `photos/<id>`. */
  key: string;
}

const PHOTO_ID = new RegExp(PHOTO_ID_PATTERN);

/**
 * Uploaded images under the storage key `photos/<id>` (DATA_DIR/uploads/photos/<id> on local
 * disk), where the id is the SHA-256 of the bytes: identical uploads share one object, a stored
 * object never changes (so it can be cached forever), and an id can never name another key.
 * Metadata (type, size) lives in the photos table. `storage` defaults to local disk under DATA_DIR.
 */
export function createPhotoStore(db: Db, dataDir: string, storage: Storage = createLocalDiskStorage(path.join(dataDir, 'uploads'))) {
  const keyOf = (id: string) => `photos/${id}`;

  async function savePhoto(bytes: Buffer, contentType?: string): Promise<string> {
    const type = checkedType(bytes, contentType);
    const id = createHash('sha256').update(bytes).digest('hex');
    // The storage writes whole objects only: two identical uploads racing end with one object.
    if (!(await storage.head(keyOf(id)))) await storage.put(keyOf(id), bytes, { contentType: type });
    await db
      .insertInto('photos')
      .values({ id, content_type: type, byte_size: bytes.length, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return id;
  }

  /** Where a photo is and its type; undefined when the id is malformed or nothing is stored. */
  async function findPhoto(id: string): Promise<StoredPhoto | undefined> {
    if (!PHOTO_ID.test(id)) return undefined;
    const row = await db.selectFrom('photos').select('content_type').where('id', '=', id).executeTakeFirst();
    if (row) return { id, contentType: row.content_type, key: keyOf(id) };
    // A file without metadata (copied in by hand, or from before the table): sniff its header,
    // and serve it only if it is an image we accept.
    const head = await storage.get(keyOf(id), { start: 0, end: 15 });
    const contentType = head && sniffImageType(await buffer(head));
    return contentType ? { id, contentType, key: keyOf(id) } : undefined;
  }

  /** The bytes of a photo found by findPhoto(); undefined when the object is gone. */
  async function readPhoto(photo: StoredPhoto): Promise<Buffer | undefined> {
    const body = await storage.get(photo.key);
    return body && buffer(body);
  }

  /** A profile photo: resized and cleaned by toProfilePhoto, then stored like any photo. */
  async function saveProfilePhoto(bytes: Buffer, contentType?: string): Promise<string> {
    return savePhoto(await toProfilePhoto(bytes, contentType), 'image/webp');
  }

  return { savePhoto, saveProfilePhoto, findPhoto, readPhoto };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;
