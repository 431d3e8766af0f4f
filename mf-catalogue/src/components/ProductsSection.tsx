import { EmptyState } from '@linkhunt/shared-ui/components/empty-state/EmptyState.tsx';
import { PagedProducts, type ReadyPages } from '@linkhunt/shared-ui/components/paged-products/PagedProducts.tsx';
import { useId } from 'react';

interface Props {
  /** Names the section for screen readers; not shown. */
  heading: string;
  pages: ReadyPages | { status: 'loading' };
  /** The title shown when there are no products at all. */
  emptyTitle: string;
}

/** A page's product list under a visually hidden h2: the cards' titles are h3, so the outline under the page's h1 stays whole. */
export function ProductsSection({ heading, pages, emptyTitle }: Props) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {heading}
      </h2>
      <PagedProducts pages={pages} empty={<EmptyState title={emptyTitle} headingLevel={3} />} />
    </section>
  );
}
