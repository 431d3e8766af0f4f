import sharp from 'sharp';
import { fieldError } from '../http-errors.js';
import { text } from '../i18n/api-text.js';

export interface ProcessedImage {
  full: Buffer;
  thumbnail: Buffer;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The type is judged by the bytes, never by the file name or the declared content type. */
export function imageKind(data: Buffer): 'png' | 'jpeg' | null {
  if (data.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (data.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  return null;
}

/**
 * The most pixels an upload may declare. 2 MB holds at most a heavily compressed photo of a 24-megapixel
 * camera (6000 x 4000); above that a file this small is almost surely a decompression bomb (a few KB of
 * zlib zeros can declare 20000 x 20000). At 25 MP one decoded RGBA copy stays under 100 MB.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

/**
 * Checks an uploaded PNG or JPEG and re-encodes it as WebP (EXIF orientation applied, all metadata
 * dropped: no EXIF, GPS, XMP, IPTC or ICC reaches the stored file) at full size and as a thumbnail.
 * A file that is not a readable PNG or JPEG, or declares too many pixels, is a 422 on `field`.
 */
export async function processImage(data: Buffer, field: string, sizes: { full: number; thumbnail: number }): Promise<ProcessedImage> {
  if (!imageKind(data)) throw fieldError(field, 'image.type');
  // Only the header is read here; the dimensions are judged before any pixel is decoded.
  const header = await sharp(data, { limitInputPixels: false }).metadata().catch(() => null);
  if (!header) throw unreadable(field);
  if (header.width * header.height > MAX_IMAGE_PIXELS) {
    throw fieldError(field, text('image.too_many_pixels', { width: header.width, height: header.height, megapixels: MAX_IMAGE_PIXELS / 1_000_000 }));
  }
  try {
    // limitInputPixels again, in case the decoder meets dimensions the header read did not report.
    const source = sharp(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    const [full, thumbnail] = await Promise.all([
      source.clone().resize({ width: sizes.full, height: sizes.full, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      source.clone().resize({ width: sizes.thumbnail, height: sizes.thumbnail, fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
    ]);
    return { full, thumbnail };
  } catch {
    throw unreadable(field);
  }
}

const unreadable = (field: string) => fieldError(field, 'image.unreadable');
