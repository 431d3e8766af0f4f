import { isApiKeyUnder } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { invalidateApi, queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { useMutation } from '@tanstack/react-query';
import type { Put } from './use-console-page.ts';

/** Every console write carries it: the reads are asked again once none is under way. */
const CONSOLE_WRITE = ['console-write'];

interface ItemWrite<T, Input> {
  item: T;
  /** The page's put (useConsolePage). */
  put: Put<T>;
  /** The call; resolves with the item as it stands afterwards. */
  send: (input: Input) => Promise<T>;
  /** For a change shown at once: the item as it will stand, shown while the API is asked and put back on failure. */
  foreseen?: (input: Input) => T;
  /** The console's reads the write changes (API paths). */
  changes: string[];
  onSuccess?: (after: T, input: Input) => void;
  onError?: (error: Error) => void;
}

/**
 * A write on one item of a console page: the page shows the item as the answer says it stands (or, `foreseen`,
 * before it comes, and as it was again if the call fails). Once no console write is under way, the reads it
 * changed are asked again: the page itself (what moved up from the next one), the audit log. Not before: an
 * answer read while another write is under way would show its item as it was.
 */
export function useItemWrite<T, Input>({ item, put, send, foreseen, changes, onSuccess, onError }: ItemWrite<T, Input>) {
  const client = queryClient();
  return useMutation(
    {
      mutationKey: CONSOLE_WRITE,
      mutationFn: send,
      onMutate: async (input) => {
        // A read under way would bring back the item as it was.
        await client.cancelQueries({ predicate: ({ queryKey }) => isApiKeyUnder(queryKey, changes) });
        if (foreseen) put(item, foreseen(input));
        // The item as it was: the options (and `item`) follow the page's renders while the call is under way.
        return item;
      },
      onSuccess: (after, input) => {
        put(item, after);
        onSuccess?.(after, input);
      },
      onError: (error, _input, before) => {
        if (foreseen && before) put(before, before);
        onError?.(error);
      },
      onSettled: () => {
        // This write still counts itself.
        if (client.isMutating({ mutationKey: CONSOLE_WRITE }) === 1) void invalidateApi(...changes);
      },
    },
    client,
  );
}
