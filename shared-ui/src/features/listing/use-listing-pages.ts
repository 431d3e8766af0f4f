import type { ListingFacets, ListingResponse, ListingUnderstood } from '@linkhunt/contracts/listing';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { type ListPage, useApiPages } from '../query/use-api-pages.ts';
import { type LoadedPages, productPages } from '../paging/use-product-pages.ts';

interface ListingExtra {
  facets: ListingFacets;
  correctedQuery: string | null;
  understood: ListingUnderstood | null;
}

export type ListingPages =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | (LoadedPages & {
      /** The counts of the first page's answer. */
      facets: ListingFacets;
      /** What was searched for when a word of `q` was corrected; null when `q` was taken as typed. */
      correctedQuery: string | null;
      /** The categories and colours the words of `q` named, in any language; null when none (or a literal search). */
      understood: ListingUnderstood | null;
      /** The previous filters' products while the new ones load; `total` and `facets` are the previous answer's too. */
      stale: boolean;
    });

function listingPage(body: unknown): ListPage<ProductSummary, ListingExtra> {
  const { data, meta } = (body as ListingResponse).results;
  return {
    items: data,
    extra: { facets: meta.facets, correctedQuery: meta.corrected_query, understood: meta.understood ?? null },
    total: meta.pagination.total,
    totalPages: meta.pagination.total_pages,
  };
}

/**
 * A filtered list from GET /products (build the URL with listingApiUrl), a page at a time. When the URL changes
 * (a filter changed), the previous list stays, marked stale, until the new one arrives.
 */
export function useListingPages(apiUrl: string): ListingPages {
  const pages = useApiPages(apiUrl, listingPage, { keepPrevious: true });
  // GET /products has no owner to miss: a 404 there is a failure like any other.
  if (pages.status === 'notFound') return { status: 'error', retry: pages.retry };
  if (pages.status !== 'ready') return pages;
  const { extra, ...list } = productPages(pages);
  return { ...list, stale: pages.stale, facets: extra.facets, correctedQuery: extra.correctedQuery, understood: extra.understood };
}
