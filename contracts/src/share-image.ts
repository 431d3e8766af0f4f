/**
 * The Open Graph card of a stored image: a JPEG, because not every link-preview bot (Telegram, WhatsApp,
 * X, Discord, Facebook) reads WebP, at the 1.91:1 size they all show as a large card.
 */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** The image folders that have share renditions: product pictures and brand logos. */
export const SHARE_IMAGE_FOLDERS = ['products', 'brands'] as const;
export type ShareImageFolder = (typeof SHARE_IMAGE_FOLDERS)[number];

/**
 * A stored image's name as the API writes them (random hex for uploads, slugs for the demo): no dots or
 * slashes, so a name can never leave its folder. 96 keeps `<name>.jpg` within the router's 100-character
 * limit for a path segment.
 */
export const SHARE_IMAGE_NAME = '[A-Za-z0-9][A-Za-z0-9_-]{0,95}';

const STORED_IMAGE = new RegExp(`^(${SHARE_IMAGE_FOLDERS.join('|')})/(${SHARE_IMAGE_NAME})\\.webp$`);

/**
 * The share rendition of an image path as product and brand payloads carry it (`products/x.webp`),
 * relative to the API's base URL (`share/products/x.jpg`); null for a path that has none. Build
 * `og:image` as `${apiUrl}/${shareImagePath(product.image)}`.
 */
export function shareImagePath(imagePath: string): string | null {
  const match = STORED_IMAGE.exec(imagePath);
  return match ? `share/${match[1]}/${match[2]}.jpg` : null;
}

export type { ShareImageParams } from './schemas/share-image.js';
