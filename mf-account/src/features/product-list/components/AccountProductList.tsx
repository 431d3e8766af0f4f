import type { ProductSummary } from '@linkhunt/contracts/product';
import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { ProductList } from '@linkhunt/shared-ui/components/product-grid/ProductList.tsx';
import { useApiData } from '@linkhunt/shared-ui/features/api/use-api-data.ts';

/** One page of products from an account endpoint that answers `results.data` with a product list; a failed call shows the empty message. */
export function AccountProductList({ url, empty }: { url: string; empty: string }) {
  const products = useApiData<ProductSummary[]>(url);
  return (
    <ProductList
      products={products.status === 'loading' ? null : (products.data ?? [])}
      skeletons={8}
      empty={<EmptyState title={empty} />}
    />
  );
}
