import type { Product } from '@linkhunt/contracts/product';
import type { PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import { getResults, isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { isNotFoundAnswer, resultsOf, usePrefetchedAnswer } from '@linkhunt/shared-ui/features/ssr/use-prefetched-answer.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { useEffect, useState } from 'react';
import { productUrl, takePreloadedProduct } from './product-preload.ts';

export type ProductState =
  | { status: 'loading' }
  | { status: 'notFound' }
  /** Removed by a moderator for illegal content (410): nothing of it is shown, unless the API shows it to this viewer. */
  | { status: 'withdrawn' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; product: Product; update: (change: (product: Product) => Product) => void };

type Loaded = { slug: string } & (
  | { phase: 'loading' }
  | { phase: 'notFound' }
  | { phase: 'error' }
  /** `askedSignedIn`: the API was asked again with the session's token (the uploader and moderators still see it). */
  | { phase: 'withdrawn'; askedSignedIn: boolean }
  | { phase: 'ready'; product: Product }
);

const WITHDRAWN = 410;

/**
 * The product of a page, with its uploader (GET /products/slug/{slug}?include=user). What the visitor changes
 * (a review, a download) is applied to it in place from the API's answer, without a reload.
 */
export function useProduct(slug: string): ProductState {
  const prefetched = usePrefetchedAnswer(productUrl(slug));
  const [state, setState] = useState<Loaded>(() => loadedFrom(slug, prefetched));
  const [attempt, setAttempt] = useState(0);
  const signedIn = useSession((session) => session.status === 'authenticated');
  // The server renders as a visitor; a signed-in uploader or moderator of a withdrawn product asks again, once.
  const askAgain = state.slug === slug && state.phase === 'withdrawn' && !state.askedSignedIn && signedIn;
  const settled = state.slug === slug && state.phase !== 'loading' && !askAgain;

  useEffect(() => {
    if (settled) return;
    const controller = new AbortController();
    const request = (askAgain ? null : takePreloadedProduct(slug)) ?? getResults<Product>(productUrl(slug), { signal: controller.signal });
    request.then(
      (product) => setState({ slug, phase: 'ready', product }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = isApiError(error) ? error.status : null;
        if (status === WITHDRAWN) return setState({ slug, phase: 'withdrawn', askedSignedIn: signedIn });
        setState({ slug, phase: status === 404 ? 'notFound' : 'error' });
      },
    );
    return () => controller.abort();
  }, [slug, attempt, settled, askAgain, signedIn]);

  if (state.slug !== slug || state.phase === 'loading') return { status: 'loading' };
  if (state.phase === 'notFound') return { status: 'notFound' };
  if (state.phase === 'withdrawn') return { status: 'withdrawn' };
  if (state.phase === 'error') {
    return {
      status: 'error',
      retry: () => {
        setState({ slug, phase: 'loading' });
        setAttempt((value) => value + 1);
      },
    };
  }
  return {
    status: 'ready',
    product: state.product,
    update: (change) => setState((now) => (now.phase === 'ready' && now.slug === slug ? { ...now, product: change(now.product) } : now)),
  };
}

/** The page's state from the server's answer (usePrefetchedAnswer), or loading without one. */
function loadedFrom(slug: string, answer: PrefetchedAnswer | undefined): Loaded {
  if (!answer) return { slug, phase: 'loading' };
  const product = resultsOf<Product>(answer);
  if (product) return { slug, phase: 'ready', product };
  if (answer.status === WITHDRAWN) return { slug, phase: 'withdrawn', askedSignedIn: false };
  return { slug, phase: isNotFoundAnswer(answer) ? 'notFound' : 'error' };
}
