import '../server-only.js';
import Type from 'typebox';
import { SHARE_IMAGE_FOLDERS, SHARE_IMAGE_NAME } from '../share-image.js';

/** GET /share/{folder}/{file}: `file` is the stored image's name with `.jpg` in place of `.webp`. */
export const ShareImageParams = Type.Object({
  folder: Type.Union(SHARE_IMAGE_FOLDERS.map((folder) => Type.Literal(folder)), { 'x-error': 'validation.share_image_folder' }),
  file: Type.String({ maxLength: 100, pattern: `^${SHARE_IMAGE_NAME}\\.jpg$`, 'x-error': 'validation.share_image_file' }),
});
export type ShareImageParams = Type.Static<typeof ShareImageParams>;
