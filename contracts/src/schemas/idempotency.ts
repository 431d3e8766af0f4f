import '../server-only.js';
import Type from 'typebox';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_TTL_HOURS, IDEMPOTENT_REPLAYED_HEADER } from '../idempotency.js';

/** The request header as the OpenAPI document describes it (HTTP header names are case-insensitive; Node lower-cases them). */
export const IdempotencyKeyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      pattern: IDEMPOTENCY_KEY_PATTERN,
      description:
        `Optional. A key the client makes for one upload (a UUID, say) and sends again with each retry of it, for ${IDEMPOTENCY_KEY_TTL_HOURS} hours: ` +
        `the product is created once, and a retry gets the first answer again (marked ${IDEMPOTENT_REPLAYED_HEADER}: true). ` +
        'The same key with a different form answers 422; while the first request is still running, a retry waits for it (409 if it takes too long).',
    }),
  ),
});
