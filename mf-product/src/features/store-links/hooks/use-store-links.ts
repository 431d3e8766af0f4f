import type { ProductLinks } from '@linkhunt/contracts/product';
import { getResults, isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useEffect, useEffectEvent, useState } from 'react';

export type StoreLinks = { status: 'loading' } | { status: 'gone' } | { status: 'error'; retry: () => void } | { status: 'ready'; links: ProductLinks };

/**
 * GET /products/{id}: the store links, asked only once the visitor has gone through the ad step. Fetching them
 * counts nothing (opening one does: useCountDownload); the product's current count comes with them and is
 * handed to `onLinks`.
 */
export function useStoreLinks(productId: number, onLinks: (links: ProductLinks) => void): StoreLinks {
  const [state, setState] = useState<StoreLinks>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reportLinks = useEffectEvent(onLinks);
  useEffect(() => {
    const controller = new AbortController();
    getResults<ProductLinks>(`/products/${productId}`, { signal: controller.signal }).then(
      (links) => {
        setState({ status: 'ready', links });
        reportLinks(links);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const gone = isApiError(error) && error.status === 410;
        const retry = () => {
          setState({ status: 'loading' });
          setAttempt((value) => value + 1);
        };
        setState(gone ? { status: 'gone' } : { status: 'error', retry });
      },
    );
    return () => controller.abort();
  }, [productId, attempt]);
  return state;
}
