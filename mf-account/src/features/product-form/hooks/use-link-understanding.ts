import type { LinkUnderstanding } from '@linkhunt/contracts/agents';
import { isSuccessAnswer, resultsOf } from '@linkhunt/shared-ui/features/query/api-answer.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { useQuery } from '@tanstack/react-query';
import { understandKey, understandLink } from '../api/understand-link.ts';

export type LinkCheck =
  /** Nothing to check (an empty field), or not asked yet. */
  | { status: 'idle' }
  /** On its way: a short link takes the time the server needs to follow it. */
  | { status: 'checking' }
  | { status: 'understood'; understanding: LinkUnderstanding }
  /** The API cannot use the link: its message, in the page's language. */
  | { status: 'refused'; message: string }
  /** No verdict now (the API unreachable, busy or failing): the upload checks the link again. */
  | { status: 'unchecked' };

/** A 422's message: the first of its fields' (a link over the length the API takes), else its own. */
function refusalOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { errors, message } = body as { errors?: unknown; message?: unknown };
  const first = typeof errors === 'object' && errors !== null ? Object.values(errors)[0] : undefined;
  if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
  return typeof message === 'string' && message !== '' ? message : null;
}

/**
 * What the API makes of `url` (POST /agent-links/understand), kept per link and language, so checking a link
 * already checked asks nothing. `url` is what the field held when it was pasted or left, '' for nothing.
 * `recheck` asks again, for a link that could not be checked.
 */
export function useLinkUnderstanding(url: string, fallbackRefusal: string): { check: LinkCheck; recheck: () => void } {
  const { data: answer, isFetching, refetch } = useQuery(
    { queryKey: understandKey(url), queryFn: ({ signal }) => understandLink(url, signal), enabled: url !== '' },
    queryClient(),
  );
  const recheck = () => void refetch();
  if (url === '') return { check: { status: 'idle' }, recheck };
  // A new try after a failure shows as busy; a verdict already had stays while it is confirmed.
  if (!answer || (isFetching && !isSuccessAnswer(answer) && answer.status !== 422)) return { check: { status: 'checking' }, recheck };
  const understanding = resultsOf<LinkUnderstanding>(answer);
  if (understanding) return { check: { status: 'understood', understanding }, recheck };
  if (answer.status === 422) return { check: { status: 'refused', message: refusalOf(answer.data) ?? fallbackRefusal }, recheck };
  return { check: { status: 'unchecked' }, recheck };
}
