import { isApiError } from './api-client.ts';

/**
 * What the user is told when a call fails (spec section 8): the first message of the first field of a
 * validation error, else the answer's general `message`, else the caller's fallback (network down, timeout).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const body: unknown = error.data;
  if (typeof body !== 'object' || body === null) return fallback;
  const { errors, message } = body as { errors?: unknown; message?: unknown };
  if (typeof errors === 'object' && errors !== null) {
    const first = Object.values(errors)[0];
    if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
  }
  return typeof message === 'string' && message ? message : fallback;
}
