import { useListingParams } from '@linkhunt/shared-ui/features/listing/use-listing-params.ts';
import { isLinkQuery } from '../../../lib/link-query.ts';
import { LinkResults } from './LinkResults.tsx';
import { SearchForm } from './SearchForm.tsx';
import { SearchResults } from './SearchResults.tsx';

/**
 * `/{lang}/search?q=…` (issue 16): every result of a search, paged like a category, with its filters and order
 * in the URL. Without a query it is a search form; with a link (an agent's or a marketplace's) it is that item's
 * products. Rendered on the server like every page, but kept out of search engines (noindex): it has as many
 * addresses as there are queries.
 */
export default function SearchPage() {
  const params = useListingParams();
  if (isLinkQuery(params.q)) return <LinkResults link={params.q} />;
  return params.q === '' ? <SearchForm /> : <SearchResults params={params} />;
}
