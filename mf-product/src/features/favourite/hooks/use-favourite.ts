import type { FavouriteResponse } from '@linkhunt/contracts/product';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useEffect, useState } from 'react';

export interface Favourite {
  /** Null until known (and always for a visitor who is not signed in). */
  favourite: boolean | null;
  signedIn: boolean;
  /** Flips at once; the API is told afterwards and a failure puts it back. */
  toggle: () => void;
}

/** The signed-in user's heart on a product (GET/POST/DELETE /products/{id}/favourite). */
export function useFavourite(productId: number, failedMessage: string): Favourite {
  const signedIn = useSession((session) => session.status === 'authenticated');
  const [state, setState] = useState<{ productId: number; favourite: boolean } | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    apiClient.get<FavouriteResponse>(`/products/${productId}/favourite`, { signal: controller.signal }).then(
      ({ data }) => setState({ productId, favourite: data.results.data.favourite }),
      // Unknown is shown as "not a favourite" rather than a dead button: adding one again is harmless.
      () => {
        if (!controller.signal.aborted) setState({ productId, favourite: false });
      },
    );
    return () => controller.abort();
  }, [productId, signedIn]);

  const favourite = signedIn && state?.productId === productId ? state.favourite : null;

  const toggle = () => {
    if (favourite === null) return;
    const next = !favourite;
    setState({ productId, favourite: next });
    const call = next ? apiClient.post(`/products/${productId}/favourite`) : apiClient.delete(`/products/${productId}/favourite`);
    call.then(
      () => bus.publish('favourite:changed', { productId, favourite: next }),
      (error: unknown) => {
        setState((now) => (now?.productId === productId && now.favourite === next ? { productId, favourite: !next } : now));
        toast.error(errorMessage(error, failedMessage));
      },
    );
  };

  return { favourite, signedIn, toggle };
}
