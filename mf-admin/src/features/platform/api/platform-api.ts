import { type DeployResponse, PLATFORM_PREFIX, type RollbackRequest } from '@linkhunt/contracts/platform';
import type { RemoteId } from '@linkhunt/contracts/remotes';
import { apiClient, isApiError, SAME_ORIGIN } from '@linkhunt/shared-ui/features/api/api-client.ts';
import type { ApiAnswer } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { withQuery } from '../../../lib/admin-query.ts';

/**
 * The shell server's platform API (`/_platform/…`, contracts/src/platform.ts), called on the site's own origin
 * with the admin's API session: the shell server asks the API whether it is an admin's.
 */

export const REMOTES_PATH = `${PLATFORM_PREFIX}/remotes`;
export const HEALTH_PATH = `${PLATFORM_PREFIX}/health`;

/** Newest first: the last `limit` lines, of one remote or of all. */
export const historyPath = (remote: RemoteId | null, limit: number) => withQuery(`${PLATFORM_PREFIX}/history`, { remote, limit });

/** A rollback runs a deploy's checks first, the smoke render among them: it may take longer than a read's 15 s. */
const ROLLBACK_TIMEOUT_MS = 60_000;

/**
 * A GET's answer, never rejecting but for an abort (as shared-ui's fetchAnswer, whose server branch the console
 * never needs: it reads in the browser only, where the admin's token is).
 */
export async function platformAnswer(path: string, signal: AbortSignal): Promise<ApiAnswer> {
  try {
    const { status, data } = await apiClient.get<unknown>(path, { signal, baseURL: SAME_ORIGIN });
    return { status, data };
  } catch (error) {
    if (!isApiError(error) || signal.aborted) throw error;
    return { status: error.status, data: error.data };
  }
}

/** Returns `remote` to the version named by `to` (an entry URL it ran before). */
export const rollBack = async (request: RollbackRequest): Promise<DeployResponse> =>
  (await apiClient.post<DeployResponse>(`${PLATFORM_PREFIX}/rollbacks`, request, { baseURL: SAME_ORIGIN, timeout: ROLLBACK_TIMEOUT_MS })).data;

/** Takes `remote`'s canary away: everyone gets its current version. */
export const abortCanary = async (remote: RemoteId): Promise<DeployResponse> =>
  (await apiClient.delete<DeployResponse>(`${PLATFORM_PREFIX}/canaries/${remote}`, { baseURL: SAME_ORIGIN })).data;
