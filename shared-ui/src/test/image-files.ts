import { MAX_IMAGE_BYTES } from '@linkhunt/contracts/limits';

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** A JPEG's start of image marker and the first byte of the next marker. */
export const JPEG_START = [0xff, 0xd8, 0xff, 0xe0] as const;

function fileOf(head: readonly number[], bodyLength: number, name: string, type: string): File {
  const bytes = new Uint8Array(head.length + bodyLength);
  bytes.set(head);
  return new File([bytes], name, { type });
}

/** A small file that is a PNG by its bytes. */
export function pngFile(name = 'photo.png'): File {
  return fileOf(PNG_SIGNATURE, 32, name, 'image/png');
}

/** A small file that is a JPEG by its bytes. */
export function jpegFile(name = 'photo.jpg'): File {
  return fileOf(JPEG_START, 32, name, 'image/jpeg');
}

/**
 * A GIF ("GIF89a"). By default it claims to be a PNG, as a renamed file does: the browser's guess passes the
 * input's `accept`, and only the bytes give it away.
 */
export function gifFile(name = 'animation.png', type = 'image/png'): File {
  return fileOf([...new TextEncoder().encode('GIF89a')], 32, name, type);
}

/** A PNG by its bytes of exactly `size` bytes in all. */
export function pngOfSize(size: number, name = 'photo.png'): File {
  return fileOf(PNG_SIGNATURE, size - PNG_SIGNATURE.length, name, 'image/png');
}

/** A PNG by its bytes, its signature followed by 2 MB: just over the limit. */
export function tooBigPngFile(name = 'huge.png'): File {
  return fileOf(PNG_SIGNATURE, MAX_IMAGE_BYTES, name, 'image/png');
}
