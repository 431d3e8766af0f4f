import { VARIOUS_BRAND_SLUG } from '@linkhunt/contracts/limits';
import type { Product, ProductSummary } from '@linkhunt/contracts/product';
import type { BrandWithProducts } from '@linkhunt/contracts/with-products';
import { type ApiAnswer, resultsOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { apiQuery, useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { useMemo } from 'react';
import { renderScope } from '@linkhunt/shared-ui/features/ssr/render-scope.ts';

export const RELATED_LIMIT = 8;

const NONE: ApiAnswer = { status: 200, data: { results: { data: [] } } };

/**
 * Products of the same category, then of the same brand, without this one. "Various" gathers unbranded
 * products, so it relates nothing. Null while loading; a failed call counts as an empty list. Asked by the
 * browser only: the server's page does without them rather than wait for two more answers.
 */
export function useRelatedProducts(product: Pick<Product, 'id' | 'brand' | 'categories'>): ProductSummary[] | null {
  const category = product.categories[0]?.slug;
  const brand = product.brand.slug === VARIOUS_BRAND_SLUG ? undefined : product.brand.slug;
  const browser = !renderScope();
  const sameCategory = useAnswerQuery(apiQuery(`/products/cat/${encodeURIComponent(category ?? '')}`), browser && category !== undefined);
  const sameBrand = useAnswerQuery(apiQuery(`/brands/slug/${encodeURIComponent(brand ?? '')}?include=products`), browser && brand !== undefined);
  const categoryAnswer = category === undefined ? NONE : sameCategory.answer;
  const brandAnswer = brand === undefined ? NONE : sameBrand.answer;
  return useMemo(() => {
    if (!browser || !categoryAnswer || !brandAnswer) return null;
    const seen = new Set([product.id]);
    const candidates = [...(resultsOf<ProductSummary[]>(categoryAnswer) ?? []), ...(resultsOf<BrandWithProducts>(brandAnswer)?.products?.data ?? [])];
    return candidates.filter((candidate) => !seen.has(candidate.id) && seen.add(candidate.id)).slice(0, RELATED_LIMIT);
  }, [browser, categoryAnswer, brandAnswer, product.id]);
}
