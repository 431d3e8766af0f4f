import { apiClient, isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { type ApiAnswer, apiKey } from '@linkhunt/shared-ui/features/query/api-answer.ts';

export const UNDERSTAND_PATH = '/agent-links/understand';

/** The cache key of what the API understood of `url`: per language, since its summary and refusals are written in it. */
export const understandKey = (url: string) => apiKey(UNDERSTAND_PATH, url);

/**
 * POST /agent-links/understand for `url`, as an answer that never rejects but for an abort: a refusal (422) is
 * something to show beside the field, not a failure. It reads and changes nothing, so it is asked like a read.
 */
export async function understandLink(url: string, signal: AbortSignal): Promise<ApiAnswer> {
  try {
    const { status, data } = await apiClient.post<unknown>(UNDERSTAND_PATH, { url }, { signal });
    return { status, data };
  } catch (error) {
    if (!isApiError(error) || signal.aborted) throw error;
    return { status: error.status, data: error.data };
  }
}
