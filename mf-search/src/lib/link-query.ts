import { EMPTY_LISTING_PARAMS, listingApiUrl, readListingParams } from '@linkhunt/shared-ui/features/listing/listing-params.ts';

/** The longest link the API searches by (GET /products/search/{query}); agents' links wrap a whole marketplace link. */
export const MAX_LINK_QUERY_LENGTH = 2000;

// One piece of text with no space that starts as a web address does: a scheme, `www.`, or a host followed by a path
// or a query (`weidian.com/item.html?itemID=…`). A bare `nike.com` stays words to search for.
const LINK = /^(?:https?:\/\/\S+|www\.\S+|(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?[/?]\S*)$/i;

/** Whether the query is a link (an agent's or a marketplace's item): searched as such, not as words. */
export function isLinkQuery(query: string): boolean {
  const link = query.trim();
  return link.length <= MAX_LINK_QUERY_LENGTH && LINK.test(link);
}

/**
 * GET /products/search/{query} for a link: the products listing the item it names. Encoded whole, `/`, `?`, `&`
 * and `#` included, so the link is one path segment and none of it is read as the API's own path or query.
 */
export const linkSearchUrl = (link: string) => `/products/search/${encodeURIComponent(link.trim())}`;

/**
 * The first page of a search: a link's products, or the listing for words (GET /products?q=, as the search page
 * asks it, so the panel's "See all N" is the page's N), cut to the length the listing takes like the page's `q`.
 */
export function searchApiUrl(query: string): string {
  if (isLinkQuery(query)) return linkSearchUrl(query);
  return listingApiUrl({ ...EMPTY_LISTING_PARAMS, q: readListingParams(new URLSearchParams({ q: query })).q });
}
