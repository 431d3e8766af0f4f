import type { OwnProduct, OwnProductPage } from '@linkhunt/contracts/product';
import { MAX_PER_PAGE } from '@linkhunt/contracts/limits';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';

/** The signed-in user's own product with its links, found through GET /auth/products; null when not theirs. */
export async function findOwnProduct(slug: string, signal: AbortSignal): Promise<OwnProduct | null> {
  for (let page = 1; ; page++) {
    const { data } = await apiClient.get<OwnProductPage>(`/auth/products?page=${page}&per_page=${MAX_PER_PAGE}`, { signal });
    const found = data.results.data.find((product) => product.slug === slug);
    if (found) return found;
    if (page >= data.results.meta.pagination.total_pages) return null;
  }
}
