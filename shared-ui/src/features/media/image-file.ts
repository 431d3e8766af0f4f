import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '@linkhunt/contracts/limits';

export type ImageProblem = 'type' | 'size' | null;

/**
 * Spec section 9: PNG or JPEG, at most 2 MB, checked before anything is sent. The bytes decide the type, not
 * the name or the browser's guess, as the API does.
 */
export async function imageProblem(file: File): Promise<ImageProblem> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => head[index] === byte);
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  if (!png && !jpeg) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');
