import type { Pagination } from '@linkhunt/contracts/common';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { type LoadedPages, productPages } from '@linkhunt/shared-ui/features/paging/use-product-pages.ts';
import { type ListPage, useApiPages } from '@linkhunt/shared-ui/features/query/use-api-pages.ts';
import { linkSearchUrl } from '../../../lib/link-query.ts';

export type LinkSearchPages = { status: 'loading' } | { status: 'error'; retry: () => void } | LoadedPages;

function productPage(body: unknown): ListPage<ProductSummary, null> {
  const { data, meta } = (body as { results: { data: ProductSummary[]; meta: { pagination: Pagination } } }).results;
  return { items: data, extra: null, total: meta.pagination.total, totalPages: meta.pagination.total_pages };
}

/** The products listing the item a link names (GET /products/search/{link}), a page at a time. */
export function useLinkSearchPages(link: string): LinkSearchPages {
  const pages = useApiPages(linkSearchUrl(link), productPage);
  // The search has no owner to miss: a 404 there is a failure like any other.
  if (pages.status === 'notFound') return { status: 'error', retry: pages.retry };
  if (pages.status !== 'ready') return pages;
  const { extra: _none, ...list } = productPages(pages);
  return list;
}
