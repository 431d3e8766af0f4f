import Type from 'typebox';

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

/** The request header as the OpenAPI document describes it (HTTP header names are case-insensitive; Node lower-cases them). */
export const IdempotencyKeyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      pattern: IDEMPOTENCY_KEY_PATTERN,
      description:
        `Optional. A key the client makes for one upload (a UUID, say) and sends again with each retry of it, for ${IDEMPOTENCY_KEY_TTL_HOURS} hours: ` +
        'the product is created once, and a retry gets the first answer again (marked ${IDEMPOTENT_REPLAYED_HEADER}: true). ' +
        'The same key with a different form answers 422; while the first request is still running, a retry waits for it (409 if it takes too long).',
    }),
  ),
});
