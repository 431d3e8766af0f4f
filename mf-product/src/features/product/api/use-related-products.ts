import { VARIOUS_BRAND_SLUG } from '@linkhunt/contracts/limits';
import type { Product, ProductSummary } from '@linkhunt/contracts/product';
import type { BrandWithProducts } from '@linkhunt/contracts/with-products';
import { getResults } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useEffect, useState } from 'react';

export const RELATED_LIMIT = 8;

/**
 * Products of the same category, then of the same brand, without this one. "Various" gathers unbranded
 * products, so it relates nothing. Null while loading; a failed call counts as an empty list.
 */
export function useRelatedProducts(product: Pick<Product, 'id' | 'brand' | 'categories'>): ProductSummary[] | null {
  const category = product.categories[0]?.slug;
  const brand = product.brand.slug === VARIOUS_BRAND_SLUG ? undefined : product.brand.slug;
  const key = `${product.id}/${category ?? ''}/${brand ?? ''}`;
  const [related, setRelated] = useState<{ key: string; products: ProductSummary[] } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const none = () => [];
    Promise.all([
      category ? getResults<ProductSummary[]>(`/products/cat/${encodeURIComponent(category)}`, { signal }).catch(none) : none(),
      brand
        ? getResults<BrandWithProducts>(`/brands/slug/${encodeURIComponent(brand)}?include=products`, { signal }).then(
            (found) => found.products?.data ?? [],
            none,
          )
        : none(),
    ]).then(([sameCategory, sameBrand]) => {
      if (signal.aborted) return;
      const seen = new Set([product.id]);
      const products = [...sameCategory, ...sameBrand].filter((candidate) => !seen.has(candidate.id) && seen.add(candidate.id));
      setRelated({ key, products: products.slice(0, RELATED_LIMIT) });
    });
    return () => controller.abort();
  }, [key, product.id, category, brand]);

  return related?.key === key ? related.products : null;
}
