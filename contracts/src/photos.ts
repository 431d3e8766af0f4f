/**
 * Photo galleries of products and photos in reviews (issue "Finds people can judge"). A product's first photo is
 * its cover: the one cards, share cards and `image`/`thumbnail` show. QC photos are the buying agent's
 * warehouse photos of the actual item.
 */

/** The most photos one product may have, its cover included. */
export const MAX_PRODUCT_PHOTOS = 8;
/** The most photos one review may have. */
export const MAX_REVIEW_PHOTOS = 4;
/** The longest alt text of a product photo, in characters. */
export const PHOTO_ALT_MAX_LENGTH = 200;

/** The multipart file field a form sends new photos in, once per photo. */
export const PHOTOS_FILE_FIELD = 'photos';

/**
 * One item of a product form's `gallery` field (a JSON array, in the wanted order, cover first): a photo the
 * product already has, or one of the files sent in `photos` (0-based, in the order sent).
 */
export type GalleryItem = ({ photo: number } | { upload: number }) & { alt?: string; qc?: boolean };

export type { ProductPhoto, ReviewPhoto, ReviewPhotosRemoved } from './schemas/product.js';
