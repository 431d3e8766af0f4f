import { hydratedAnswer } from '@linkhunt/shared-ui/features/ssr/hydration.ts';
import type { Product } from '@linkhunt/contracts/product';
import { getResults } from '@linkhunt/shared-ui/features/api/api-client.ts';

export const productUrl = (slug: string) => `/products/slug/${encodeURIComponent(slug)}?include=user`;

const PRODUCT_PATH = /^\/[a-z]{2}\/product\/([^/]+)\/?$/;
let early: { slug: string; answer: Promise<Product> } | null = null;

/**
 * Asks for the product of the page being opened as soon as the page's code has loaded, while its words load
 * and it renders: the product image, the page's largest paint, waits on this answer. Reads the slug from the
 * address, which the router has already set when the shell loads this remote for a product page.
 */
export function preloadProductFromLocation(pathname = typeof window === 'undefined' ? '' : window.location.pathname): void {
  const segment = PRODUCT_PATH.exec(pathname)?.[1];
  if (!segment) return;
  const slug = decodeURIComponent(segment);
  // A page the server rendered already holds the answer.
  if (hydratedAnswer(productUrl(slug))) return;
  const answer = getResults<Product>(productUrl(slug));
  answer.catch(() => undefined); // the page reports a failure when it takes the answer
  early = { slug, answer };
}

/** The early answer for this product, once: a retry or a later visit asks again. */
export function takePreloadedProduct(slug: string): Promise<Product> | undefined {
  if (early?.slug !== slug) return undefined;
  const { answer } = early;
  early = null;
  return answer;
}
