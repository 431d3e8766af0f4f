import type { OwnUser, VerifyResponse } from '@linkhunt/contracts/user';
import { apiClient, isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';

/**
 * verified: the address is confirmed (the account's record comes with it); refused: the token is unknown, used
 * or expired; failed: no verdict (the API unreachable or failing), worth trying again.
 */
export type VerifyOutcome = { kind: 'verified'; user: OwnUser } | { kind: 'refused' } | { kind: 'failed' };

// One request per token for the life of the page: the token is single-use, so a second POST (React's StrictMode
// running the effect twice, the page mounted again) would be refused and hide the first one's success.
const attempts = new Map<string, Promise<VerifyOutcome>>();

async function send(token: string): Promise<VerifyOutcome> {
  try {
    const { data } = await apiClient.post<VerifyResponse>('/auth/verify', { token });
    return { kind: 'verified', user: data.user.data };
  } catch (error) {
    if (isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429) return { kind: 'refused' };
    return { kind: 'failed' };
  }
}

/** POST /auth/verify for this token, once; a failed attempt is forgotten, so asking again sends it again. */
export function verifyEmail(token: string): Promise<VerifyOutcome> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = send(token).then((outcome) => {
      if (outcome.kind === 'failed') attempts.delete(token);
      return outcome;
    });
    attempts.set(token, attempt);
  }
  return attempt;
}
