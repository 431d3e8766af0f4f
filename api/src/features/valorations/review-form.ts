import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { MAX_REVIEW_PHOTOS, PHOTOS_FILE_FIELD } from '@linkhunt/contracts/photos';
import { ValorationRequest } from '@linkhunt/contracts/schemas/product';
import { type FieldTexts, HttpError, fieldError, validationFailed } from '../../http-errors.js';
import { readMultipartForm, type UploadedFile } from '../../http/multipart-form.js';
import { text } from '../../i18n/api-text.js';
import type { ImageStore } from '../../media/image-store/image-store.js';
import { type ProcessedImage, processImage } from '../../media/process-image.js';
import { PRODUCT_IMAGE_SIZES, type StoredProductImage, storeProductImages } from '../products/product-images.js';

/** A review's photos are shown as a product's are: the same sizes. */
const REVIEW_PHOTO_SIZES = PRODUCT_IMAGE_SIZES;

/** The text fields of a review sent as a form: those of the JSON body, `keep_photos` as JSON text. */
const ValorationForm = Type.Object({
  stars: ValorationRequest.properties.stars,
  review: ValorationRequest.properties.review,
  keep_photos: Type.Optional(Type.String({ maxLength: 200 })),
});

const uploads = new WeakMap<FastifyRequest, UploadedFile[]>();

/**
 * The route's preValidation: a review sent as multipart/form-data is read here, its text fields become the body
 * the JSON schema then checks, and its `photos` files wait for the handler (reviewUploads). JSON passes as it is.
 */
export async function readReviewForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const { fields, fileLists } = await readMultipartForm(request, ValorationForm, [], { [PHOTOS_FILE_FIELD]: MAX_REVIEW_PHOTOS });
  const keep = fields.keep_photos === undefined ? undefined : keptPhotoIds(fields.keep_photos);
  request.body = {
    stars: fields.stars,
    ...(fields.review !== undefined && { review: fields.review }),
    ...(keep !== undefined && { keep_photos: keep }),
  };
  uploads.set(request, fileLists[PHOTOS_FILE_FIELD] ?? []);
}

/** The files a review form sent as `photos` (none for JSON). */
export const reviewUploads = (request: FastifyRequest): UploadedFile[] => uploads.get(request) ?? [];

function keptPhotoIds(json: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = undefined;
  }
  const ids = Array.isArray(parsed) && parsed.every((id) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647) ? (parsed as number[]) : null;
  if (!ids || ids.length > MAX_REVIEW_PHOTOS) throw fieldError('keep_photos', text('photos.keep_invalid'));
  return ids;
}

/** Re-encodes every photo (a 422 on `photos` naming each broken rule once), then stores them under reviews/. */
export async function storeReviewPhotos(store: ImageStore, files: readonly UploadedFile[]): Promise<StoredProductImage[]> {
  const errors: FieldTexts = {};
  const processed: ProcessedImage[] = [];
  for (const file of files) {
    try {
      processed.push(await processImage(file.data, PHOTOS_FILE_FIELD, REVIEW_PHOTO_SIZES));
    } catch (error) {
      if (!(error instanceof HttpError && error.errors)) throw error;
      const list = (errors[PHOTOS_FILE_FIELD] ??= []);
      for (const message of error.errors[PHOTOS_FILE_FIELD] ?? []) {
        if (!list.some((known) => JSON.stringify(known) === JSON.stringify(message))) list.push(message);
      }
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return storeProductImages(store, processed, 'reviews');
}
