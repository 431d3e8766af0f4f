import { type DeployResponse, PLATFORM_PREFIX } from '@linkhunt/contracts/platform';
import { invalidateApi, queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { useMutation } from '@tanstack/react-query';

/**
 * A rollback or a canary abort. Once it is settled the platform's reads are asked again, after a refusal too: a
 * refusal ("already runs that version") often means someone else changed the remote since the page was read.
 */
export function usePlatformWrite<Input>(send: (input: Input) => Promise<DeployResponse>, onSuccess: (response: DeployResponse, input: Input) => void) {
  return useMutation({ mutationFn: send, onSuccess, onSettled: () => invalidateApi(PLATFORM_PREFIX) }, queryClient());
}
