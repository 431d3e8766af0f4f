/** Business constants of spec section 9, shared by the API and the clients. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const STARS_MIN = 1;
export const STARS_MAX = 5;
export const POINTS_PER_PRODUCT = 20;
export const POINTS_PER_VALORATION = 20;
export const POINTS_PER_PROFILE_VISIT = 5;
export const RECENTS_LIMIT = 16;
export const FEATURED_LIMIT = 20;
export const TOP_USERS_LIMIT = 12;
export const FEATURED_CATEGORY_IMAGES = 4;
export const MAX_PER_PAGE = 50;
export const DEFAULT_PER_PAGE = 20;
/** Search ranks at most this many of the newest matches, so a word found in every product stays cheap. */
export const SEARCH_CANDIDATES = 1000;
export const VARIOUS_BRAND_SLUG = 'various';
/** A product's colours: at most this many, each name at most this long. */
export const MAX_PRODUCT_COLOURS = 20;
export const MAX_COLOUR_NAME_LENGTH = 40;
export const STORES = ['hacoo', 'dhgate', 'cnfans'] as const;
export type Store = (typeof STORES)[number];
