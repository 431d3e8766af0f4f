import { useListingParams } from '@linkhunt/shared-ui/features/listing/use-listing-params.ts';
import { SearchForm } from './SearchForm.tsx';
import { SearchResults } from './SearchResults.tsx';

/**
 * `/{lang}/search?q=…` (issue 16): every result of a search, paged like a category, with its filters and order
 * in the URL. Without a query it is a search form. Rendered on the server like every page, but kept out of
 * search engines (noindex): it has as many addresses as there are queries.
 */
export default function SearchPage() {
  const params = useListingParams();
  return params.q === '' ? <SearchForm /> : <SearchResults params={params} />;
}
