import { MAX_QUERY_LENGTH } from '@linkhunt/shared-ui/features/listing/listing-params.ts';

// One piece of text with no space that starts as a web address does: a scheme, `www.`, or a host followed by a path
// or a query (`weidian.com/item.html?itemID=…`). A bare `nike.com` stays words to search for.
const LINK = /^(?:https?:\/\/\S+|www\.\S+|(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?[/?]\S*)$/i;

/**
 * Whether the query is a link (an agent's, a marketplace's, a store's): the listing then finds the product
 * listing its item, and the search says so rather than echoing the link as words.
 */
export function isLinkQuery(query: string): boolean {
  const link = query.trim();
  return link.length <= MAX_QUERY_LENGTH && LINK.test(link);
}
