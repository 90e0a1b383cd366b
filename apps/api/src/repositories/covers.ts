import sharp from 'sharp';
import { COVER_MAX_SIZE } from '@vox/contract/schemas';
import { sniffImageType } from './photos';

/** Pictures with more pixels are refused from their header, before any pixel is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A script cover from an uploaded picture (PNG, JPEG, GIF or WebP, recognised from the bytes):
 * turned upright by its EXIF orientation, shrunk to fit 1200 x 1200 (never enlarged) and
 * re-encoded as WebP without metadata, so list pages stay light and no camera data leaves with
 * it. Answers undefined for anything that is not such a picture or cannot be decoded.
 */
export async function toCoverPicture(bytes: Buffer): Promise<Buffer | undefined> {
  if (!sniffImageType(bytes)) return undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) return undefined;
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(COVER_MAX_SIZE, COVER_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return undefined;
  }
}
