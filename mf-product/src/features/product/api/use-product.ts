import type { Product } from '@linkhunt/contracts/product';
import { type ApiAnswer, apiKey, fetchAnswer, resultsOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { type AnswerQuery, apiQuery, useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';

export const productUrl = (slug: string) => `/products/slug/${encodeURIComponent(slug)}?include=user`;

export type ProductState =
  | { status: 'loading' }
  | { status: 'notFound' }
  /** Removed by a moderator for illegal content (410): nothing of it is shown, unless the API shows it to this viewer. */
  | { status: 'withdrawn' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; product: Product; update: (change: (product: Product) => Product) => void };

const WITHDRAWN = 410;

/** The product asked again with the session's token: apart from the server's tokenless answer. */
const signedInQuery = (path: string): AnswerQuery => ({ queryKey: apiKey(path, 'signed-in'), queryFn: ({ signal }) => fetchAnswer(path, signal) });

/**
 * The product of a page, with its uploader (GET /products/slug/{slug}?include=user). What the visitor changes
 * (a review, a download) is written into the cached answer, so the page shows it without asking again.
 */
export function useProduct(slug: string): ProductState {
  const path = productUrl(slug);
  const signedIn = useSession((session) => session.status === 'authenticated');
  const visitor = useAnswerQuery(apiQuery(path));
  // The server renders as a visitor: a signed-in uploader or moderator of a withdrawn product asks again, once.
  const askAgain = signedIn && visitor.answer?.status === WITHDRAWN;
  const viewer = useAnswerQuery(signedInQuery(path), askAgain);
  const { answer, retry } = askAgain ? viewer : visitor;
  if (!answer) return { status: 'loading' };
  const product = resultsOf<Product>(answer);
  if (product) {
    const { queryKey } = askAgain ? signedInQuery(path) : apiQuery(path);
    const update = (change: (product: Product) => Product) =>
      queryClient().setQueryData<ApiAnswer>(queryKey, (now) => {
        const shown = resultsOf<Product>(now);
        return now && shown ? { ...now, data: { results: { data: change(shown) } } } : now;
      });
    return { status: 'ready', product, update };
  }
  if (answer.status === WITHDRAWN) return { status: 'withdrawn' };
  if (answer.status === 404) return { status: 'notFound' };
  return { status: 'error', retry };
}
