import type { Brand } from '@linkhunt/contracts/brand';
import type { Category } from '@linkhunt/contracts/category';
import { MAX_PER_PAGE } from '@linkhunt/contracts/limits';
import type { OwnProduct, OwnProductPage } from '@linkhunt/contracts/product';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { isSuccessAnswer, resultsOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { apiQuery, useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { useQuery } from '@tanstack/react-query';

export interface FormData {
  brands: Brand[];
  categories: Category[];
  product: OwnProduct | null;
}

export type FormDataState = { status: 'loading' } | { status: 'notFound' } | { status: 'error'; retry: () => void } | ({ status: 'ready' } & FormData);

/** The signed-in user's own product with its links, found through GET /auth/products; null when not theirs. */
async function findOwnProduct(slug: string, signal: AbortSignal): Promise<OwnProduct | null> {
  for (let page = 1; ; page++) {
    const { data } = await apiClient.get<OwnProductPage>(`/auth/products?page=${page}&per_page=${MAX_PER_PAGE}`, { signal });
    const found = data.results.data.find((product) => product.slug === slug);
    if (found) return found;
    if (page >= data.results.meta.pagination.total_pages) return null;
  }
}

/** What the form offers (brands by name, categories) and, to edit, the user's own product with its links. */
export function useFormData(slug: string | undefined): FormDataState {
  const brands = useAnswerQuery(apiQuery('/brands'));
  const categories = useAnswerQuery(apiQuery('/categories'));
  // Asked at every opening of the form (never kept), so an edit always starts from the product as saved.
  const own = useQuery(
    { queryKey: ['own-product', slug], queryFn: ({ signal }) => findOwnProduct(slug ?? '', signal), enabled: slug !== undefined, staleTime: 0, gcTime: 0 },
    queryClient(),
  );
  const brandList = resultsOf<Brand[]>(brands.answer);
  const categoryList = resultsOf<Category[]>(categories.answer);
  const failed = [brands, categories].filter(({ answer }) => answer && !isSuccessAnswer(answer));
  if (failed.length > 0 || own.isError) {
    const retry = () => {
      for (const read of failed) read.retry();
      if (own.isError) void queryClient().resetQueries({ queryKey: ['own-product', slug], exact: true });
    };
    return { status: 'error', retry };
  }
  if (!brandList || !categoryList || (slug && own.data === undefined)) return { status: 'loading' };
  if (slug && !own.data) return { status: 'notFound' };
  return { status: 'ready', brands: [...brandList].sort((a, b) => a.name.localeCompare(b.name)), categories: categoryList, product: own.data ?? null };
}
