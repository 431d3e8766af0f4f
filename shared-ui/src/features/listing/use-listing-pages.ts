import type { ListingFacets, ListingResponse, ListingUnderstood } from '@linkhunt/contracts/listing';
import { type LoadedPages, type ProductsPage, usePagedProducts } from '../paging/use-paged-products.ts';

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

function listingPage(body: unknown): ProductsPage<ListingExtra> {
  const { data, meta } = (body as ListingResponse).results;
  return {
    products: data,
    extra: { facets: meta.facets, correctedQuery: meta.corrected_query, understood: meta.understood ?? null },
    total: meta.pagination.total,
    totalPages: meta.pagination.total_pages,
  };
}

/**
 * A filtered list from GET /products (build the URL with listingApiUrl), a page at a time: page 1 from the
 * server's answer, "load more" asks `&page=N`. When the URL changes (a filter changed), the previous list
 * stays, marked stale, until the new one arrives.
 */
export function useListingPages(apiUrl: string): ListingPages {
  const pages = usePagedProducts(apiUrl, listingPage, { keepStale: true });
  // GET /products has no owner to miss: a 404 there is a failure like any other.
  if (pages.status === 'notFound') return { status: 'error', retry: pages.retry };
  if (pages.status !== 'ready') return pages;
  const { extra, ...list } = pages;
  return { ...list, facets: extra.facets, correctedQuery: extra.correctedQuery, understood: extra.understood };
}
