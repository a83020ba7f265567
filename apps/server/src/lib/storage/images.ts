import type { Metadata } from 'sharp';
import { UPLOAD_WIDTHS } from '@easyfund/shared/images';

/** The formats we accept, as the decoder names them from the bytes (not the name or header). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

/**
 * The most pixels a decoded upload may have: 25 megapixels covers any phone camera;
 * a PNG that declares 30,000 × 30,000 is refused before it is decoded.
 */
export const MAX_UPLOAD_PIXELS = 25_000_000;

export type ImageRejection = 'wrongType' | 'tooManyPixels';

export class ImageRejected extends Error {
  constructor(readonly reason: ImageRejection) {
    super(reason);
    this.name = 'ImageRejected';
  }
}

export interface ImageVariant {
  width: number;
  body: Buffer;
}

/**
 * Decodes an uploaded image with a real decoder and re-encodes it: turned upright by its
 * EXIF orientation, every piece of metadata dropped (EXIF with GPS, ICC, XMP, comments,
 * anything appended after the image data), stored as WebP in a few widths for phones.
 * Whatever is not a whole JPEG, PNG or WebP image is refused.
 */
export async function processImage(input: Buffer): Promise<ImageVariant[]> {
  // Loaded on the first upload, not at start-up: most processes never decode an image.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('wrongType');
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new ImageRejected('wrongType');
  if (!meta.width || !meta.height) throw new ImageRejected('wrongType');
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) throw new ImageRejected('tooManyPixels');
  try {
    // One decode, then a resize per width. `failOn: 'truncated'` refuses a cut-off image.
    const base = sharp(input, {
      limitInputPixels: MAX_UPLOAD_PIXELS,
      failOn: 'truncated',
      animated: false,
    }).rotate();
    return await Promise.all(
      UPLOAD_WIDTHS.map(async (width) => ({
        width,
        body: await base
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
  } catch {
    throw new ImageRejected('wrongType');
  }
}
