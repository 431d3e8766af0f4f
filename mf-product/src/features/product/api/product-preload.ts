import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { apiQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { hydrationState } from '@linkhunt/shared-ui/features/ssr/hydration.ts';
import { productUrl } from './use-product.ts';

const PRODUCT_PATH = /^\/[a-z]{2}\/product\/([^/]+)\/?$/;

/**
 * Asks for the product of the page being opened as soon as the page's code has loaded, while its words load
 * and it renders: the product image, the page's largest paint, waits on this answer. The page's read finds
 * it in the cache, in flight or answered. Reads the slug from the address, which the router has already set
 * when the shell loads this remote for a product page.
 */
export function preloadProductFromLocation(pathname = typeof window === 'undefined' ? '' : window.location.pathname): void {
  const segment = PRODUCT_PATH.exec(pathname)?.[1];
  // A page the server rendered holds the answer already, failed or not: the page shows what the server showed.
  if (!segment || typeof window === 'undefined' || hydrationState()) return;
  void queryClient().prefetchQuery(apiQuery(productUrl(decodeURIComponent(segment))));
}
