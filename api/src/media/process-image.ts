import sharp from 'sharp';
import { fieldError } from '../http-errors.js';

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
 * Checks an uploaded PNG or JPEG and re-encodes it as WebP (EXIF orientation applied, all metadata
 * dropped) at full size and as a thumbnail. A file that is not a readable PNG or JPEG is a 422 on `field`.
 */
export async function processImage(data: Buffer, field: string, sizes: { full: number; thumbnail: number }): Promise<ProcessedImage> {
  if (!imageKind(data)) throw fieldError(field, 'The image must be a PNG or JPG file.');
  try {
    const source = sharp(data, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
    const [full, thumbnail] = await Promise.all([
      source.clone().resize({ width: sizes.full, height: sizes.full, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      source.clone().resize({ width: sizes.thumbnail, height: sizes.thumbnail, fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
    ]);
    return { full, thumbnail };
  } catch {
    throw fieldError(field, 'The image could not be read. Try another PNG or JPG file.');
  }
}
