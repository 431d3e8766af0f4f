/**
 * A client names each upload with a key of its own choosing and sends it again with every retry of that
 * upload: the API creates the product once and answers each retry as it answered the first.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that repeats the first answer to its key rather than doing the work again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
/** 1 to 100 visible ASCII characters (no spaces): a UUID fits, and nothing a proxy could rewrite. */
export const IDEMPOTENCY_KEY_PATTERN = `^[\\x21-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`;
/** How long a key is remembered after its first use; after that the same key starts a new upload. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export function isIdempotencyKey(value: string): boolean {
  return new RegExp(IDEMPOTENCY_KEY_PATTERN).test(value);
}
