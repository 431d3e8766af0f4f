import { MAX_PRODUCT_PHOTOS, PHOTO_ALT_MAX_LENGTH } from '@linkhunt/contracts/photos';
import { type ApiText, text } from '../../i18n/api-text.js';
import { invisibleCharacterProblem } from '../../http/invisible-characters.js';

/** One place of a gallery as a form asks for it: a photo the product has, or one of the files sent in `photos`. */
export type GallerySlot = ({ photo: number } | { upload: number }) & { alt: string; qc: boolean };

const ITEM_KEYS = new Set(['photo', 'upload', 'alt', 'qc']);
const MAX_ID = 2_147_483_647;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isIndex = (value: unknown, min: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= MAX_ID;

/**
 * Reads a product form's `gallery` (see ProductFormFields): its places in order, or null when the form has none.
 * `uploads`: how many files came in `photos`; `existing`: the ids of the product's photos (none on add). Every
 * broken rule is told through `fail`, each once, so the form shows them all beside the gallery.
 */
export function readGallery(json: string | undefined, uploads: number, existing: readonly number[], fail: (message: ApiText) => void): GallerySlot[] | null {
  if (json === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) {
    fail(text('photos.gallery_invalid'));
    return [];
  }
  if (parsed.length === 0) fail(text('photos.gallery_empty'));
  if (parsed.length > MAX_PRODUCT_PHOTOS) fail(text('photos.too_many', { count: MAX_PRODUCT_PHOTOS }));

  const known = new Set(existing);
  const photos = new Set<number>();
  const placed = new Set<number>();
  const slots: GallerySlot[] = [];
  for (const [i, item] of parsed.slice(0, MAX_PRODUCT_PHOTOS).entries()) {
    const position = i + 1;
    const hasPhoto = isRecord(item) && Object.hasOwn(item, 'photo');
    const hasUpload = isRecord(item) && Object.hasOwn(item, 'upload');
    if (
      !isRecord(item) || Object.keys(item).some((key) => !ITEM_KEYS.has(key)) || hasPhoto === hasUpload
      || (hasPhoto && !isIndex(item.photo, 1)) || (hasUpload && !isIndex(item.upload, 0))
      || (item.alt !== undefined && typeof item.alt !== 'string') || (item.qc !== undefined && typeof item.qc !== 'boolean')
    ) {
      fail(text('photos.gallery_item_invalid', { position }));
      continue;
    }
    const alt = typeof item.alt === 'string' ? item.alt.trim() : '';
    const qc = item.qc === true;
    if (alt.length > PHOTO_ALT_MAX_LENGTH) fail(text('photos.alt_too_long', { position, count: PHOTO_ALT_MAX_LENGTH }));
    const altProblem = invisibleCharacterProblem(alt, 'name', 'alt');
    if (altProblem) fail(altProblem);
    if (hasPhoto) {
      const id = item.photo as number;
      if (!known.has(id)) fail(text('photos.unknown_photo', { id }));
      else if (photos.has(id)) fail(text('photos.photo_twice', { id }));
      photos.add(id);
      slots.push({ photo: id, alt, qc });
    } else {
      const index = item.upload as number;
      if (index >= uploads) fail(text('photos.upload_out_of_range', { index, count: uploads }));
      else if (placed.has(index)) fail(text('photos.upload_twice', { index }));
      placed.add(index);
      slots.push({ upload: index, alt, qc });
    }
  }
  for (let index = 0; index < uploads; index++) {
    if (!placed.has(index)) fail(text('photos.upload_not_placed', { index }));
  }
  return slots;
}
