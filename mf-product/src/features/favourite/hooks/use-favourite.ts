import type { FavouriteResponse } from '@linkhunt/contracts/product';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { errorMessage } from '@linkhunt/shared-ui/features/api/error-message.ts';
import { type ApiAnswer, resultsOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { invalidateApi, queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { apiQuery, useAnswerQuery } from '@linkhunt/shared-ui/features/query/use-answer-query.ts';
import { useSession } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toast } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { useMutation } from '@tanstack/react-query';

export interface Favourite {
  /** Null until known (and always for a visitor who is not signed in). */
  favourite: boolean | null;
  signedIn: boolean;
  /** Flips at once; the API is told afterwards and a failure puts it back. */
  toggle: () => void;
}

/** The user's favourites list (mf-account) shows what changed here. */
const FAVOURITES_LIST = '/auth/favs';

const stateAnswer = (productId: number, favourite: boolean): ApiAnswer => ({ status: 200, data: { results: { data: { product_id: productId, favourite } } } });

/** The signed-in user's heart on a product (GET/POST/DELETE /products/{id}/favourite). */
export function useFavourite(productId: number, failedMessage: string): Favourite {
  const signedIn = useSession((session) => session.status === 'authenticated');
  const query = apiQuery(`/products/${productId}/favourite`);
  const { answer } = useAnswerQuery(query, signedIn);
  const client = queryClient();
  const { mutate } = useMutation(
    {
      mutationFn: (next: boolean) => (next ? apiClient.post(`/products/${productId}/favourite`) : apiClient.delete(`/products/${productId}/favourite`)),
      onMutate: async (next) => {
        await client.cancelQueries({ queryKey: query.queryKey, exact: true });
        const before = client.getQueryData<ApiAnswer>(query.queryKey);
        client.setQueryData(query.queryKey, stateAnswer(productId, next));
        return { before };
      },
      onError: (error, _next, context) => {
        client.setQueryData(query.queryKey, context?.before);
        toast.error(errorMessage(error, failedMessage));
      },
      onSuccess: () => invalidateApi(FAVOURITES_LIST),
    },
    client,
  );
  // Unknown is shown as "not a favourite" rather than a dead button: adding one again is harmless.
  const favourite = signedIn && answer ? (resultsOf<FavouriteResponse['results']['data']>(answer)?.favourite ?? false) : null;
  const toggle = () => {
    if (favourite !== null) mutate(!favourite);
  };
  return { favourite, signedIn, toggle };
}
