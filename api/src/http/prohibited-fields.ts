import Type, { type TNever, type TOptional } from 'typebox';
import { CUSTOM_MESSAGE_KEYWORD } from '../validation-messages.js';

/**
 * Fields only the server sets: who owns a record, its counters, its visibility, a user's role. The
 * routes never read them from a request anyway; naming them in a body schema turns "silently ignored"
 * into a 422, so a client that tries learns its request did not do what it asked.
 */
export const SERVER_OWNED_FIELDS = ['user_id', 'owner_id', 'role', 'points', 'downloads', 'hidden', 'featured'] as const;

/**
 * Schema properties that refuse any value of the named fields, with one message each. Spread into a
 * request schema: Ajv (JSON bodies) and readMultipartForm (forms) then report them with the other errors.
 */
export function prohibitedFields<const K extends string>(names: readonly K[]): Record<K, TOptional<TNever>> {
  const properties = {} as Record<K, TOptional<TNever>>;
  for (const name of names) {
    properties[name] = Type.Optional(
      Type.Never({ description: 'Set by the server: sending it is refused.', [CUSTOM_MESSAGE_KEYWORD]: 'validation.prohibited' }),
    );
  }
  return properties;
}
