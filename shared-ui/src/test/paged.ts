import type { ProductSummary } from '@linkhunt/contracts/product';
import type { Reply } from '@linkhunt/shared-ui/test/fake-api.ts';

interface Page {
  /** This page's number, from 1. */
  page: number;
  totalPages: number;
  /** How many products the owner has in all. */
  total: number;
  perPage?: number;
}

/**
 * One page of a brand's or a category's products as the API answers `…?include=products&page=N`:
 * `{ results: { data: { ...owner, products: { data } }, meta: { pagination } } }`.
 */
export function pagedResults(owner: object, products: ProductSummary[], { page, totalPages, total, perPage = 2 }: Page): Reply {
  return {
    data: {
      results: {
        data: { ...owner, products: { data: products } },
        meta: { pagination: { total, count: products.length, per_page: perPage, current_page: page, total_pages: totalPages } },
      },
    },
  };
}

/** The page a request asks for: 1 unless its URL says `page=N`. */
export function pageOf(url: string | undefined): number {
  const match = /[?&]page=(\d+)/.exec(url ?? '');
  return match ? Number(match[1]) : 1;
}
