import type { Brand } from '@linkhunt/contracts/brand';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { type ApiAnswer, apiKey, fetchAnswer, isSuccessAnswer, resultsOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { invalidateApi } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { type AnswerQuery, apiQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';

/** Fisher–Yates: featured products come in a new order on every page load (spec section 4). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}

/**
 * The GET of `path` with its `results.data` reshaped in the query itself, under a key of its own (other readers of
 * the path get the API's answer). The shaped answer is what the server renders with and hands over, so the
 * browser shows the same list without drawing again.
 */
function shapedQuery<T>(path: string, shape: string, reshape: (data: T) => T): AnswerQuery {
  return {
    queryKey: apiKey(path, shape),
    queryFn: async ({ signal }): Promise<ApiAnswer> => {
      const answer = await fetchAnswer(path, signal);
      const data = resultsOf<T>(answer);
      if (data === undefined) return answer;
      const body = answer.data as { results: object };
      return { ...answer, data: { ...body, results: { ...body.results, data: reshape(data) } } };
    },
  };
}

// Spec section 1: only brands that have at least one product.
export const brandsQuery = () => shapedQuery<Brand[]>('/brands', 'with-products', (brands) => brands.filter((brand) => brand.num_products > 0));
// Drawn once per page load (kept fresh for the visit after), on the server for a page it renders.
export const featuredQuery = () => shapedQuery<ProductSummary[]>('/products/featured', 'shuffled', (products) => shuffled(products));
export const recentsQuery = () => apiQuery('/products/recents');
export const categoriesQuery = () => apiQuery('/categories/featured');
export const usersQuery = () => apiQuery('/users/top');

/** Every read of the home page, in the order of its blocks. */
export const homeQueries = () => [brandsQuery(), featuredQuery(), recentsQuery(), usersQuery(), categoriesQuery()];

/** A list as a block shows it: null while it loads, and after a failure (its skeletons stay, spec section 8). */
export const listOf = <T>(answer: ApiAnswer | undefined): T | null => resultsOf<T>(answer) ?? null;

/** Whether a read came back without its list: the page then says so once, and offers to ask again. */
export const failed = (answer: ApiAnswer | undefined) => answer !== undefined && !isSuccessAnswer(answer);

// What the visitor uploads, deletes or rates elsewhere (another remote publishes it) changes these lists: they
// are asked again when next shown, at once if on screen.
bus.subscribe('product:uploaded', () => void invalidateApi('/brands', '/products/featured', '/products/recents'));
bus.subscribe('product:deleted', () => void invalidateApi('/brands', '/products/featured', '/products/recents'));
bus.subscribe('review:added', () => void invalidateApi('/products/featured', '/products/recents'));
