import type { ProductSummary } from '@linkhunt/contracts/product';
import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state/EmptyState.tsx';
import { EAGER_PRODUCT_IMAGES, ProductCard } from '../product-card/ProductCard.tsx';
import { type ProductGridColumns, ProductGrid, ProductGridSkeleton, RECENTS_SKELETON_COUNT } from './ProductGrid.tsx';

export interface ProductListProps {
  /** null while loading, and after a failed call (spec section 8: the skeletons stay). */
  products: ProductSummary[] | null;
  columns?: ProductGridColumns;
  skeletons?: number;
  /** What an empty list shows; "No results found" unless given. */
  empty?: ReactNode;
}

/** A list of products as cards: skeletons until it arrives, the empty state when it has none. */
export function ProductList({ products, columns = 'recents', skeletons = RECENTS_SKELETON_COUNT, empty = <EmptyState /> }: ProductListProps) {
  if (!products) return <ProductGridSkeleton columns={columns} count={skeletons} />;
  if (products.length === 0) return empty;
  return <ProductCardGrid products={products} columns={columns} />;
}

/** The cards of a loaded list; the first screen's images load at once. */
export function ProductCardGrid({ products, columns = 'recents' }: { products: ProductSummary[]; columns?: ProductGridColumns }) {
  return (
    <ProductGrid columns={columns}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < EAGER_PRODUCT_IMAGES} />
      ))}
    </ProductGrid>
  );
}
