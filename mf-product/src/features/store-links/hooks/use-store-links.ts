import type { ProductLinks } from '@linkhunt/contracts/product';
import { resultsOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { apiQuery, useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { useEffect, useEffectEvent } from 'react';

export type StoreLinks = { status: 'loading' } | { status: 'gone' } | { status: 'error'; retry: () => void } | { status: 'ready'; links: ProductLinks };

/**
 * GET /products/{id}: the store links, asked only once the visitor has gone through the ad step. Fetching them
 * counts nothing (opening one does: useCountDownload); the product's current count comes with them and is
 * handed to `onLinks`.
 */
export function useStoreLinks(productId: number, onLinks: (links: ProductLinks) => void): StoreLinks {
  const { answer, retry } = useAnswerQuery(apiQuery(`/products/${productId}`));
  const links = resultsOf<ProductLinks>(answer);
  const reportLinks = useEffectEvent(onLinks);
  useEffect(() => {
    if (links) reportLinks(links);
  }, [links]);
  if (!answer) return { status: 'loading' };
  if (links) return { status: 'ready', links };
  return answer.status === 410 ? { status: 'gone' } : { status: 'error', retry };
}
