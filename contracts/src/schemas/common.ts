import '../server-only.js';
import Type, { type TSchema, type TUnsafe } from 'typebox';

/**
 * A nullable value written as a JSON Schema type list rather than `anyOf`, because
 * fast-json-stringify (the API's serializer) runs a validator per value for `anyOf`.
 */
export const Nullable = <T extends TSchema & { type: string }>(schema: T): TUnsafe<Type.Static<T> | null> =>
  Type.Unsafe<Type.Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/** The wrapper every product, brand, user and category response uses (spec section 3). */
export const Results = <T extends TSchema>(data: T) => Type.Object({ results: Type.Object({ data }) });

export const Pagination = Type.Object({
  total: Type.Integer(),
  count: Type.Integer(),
  per_page: Type.Integer(),
  current_page: Type.Integer(),
  total_pages: Type.Integer(),
});
export type Pagination = Type.Static<typeof Pagination>;

/** A paginated response: the page under results.data, its position under results.meta.pagination. */
export const PagedResults = <T extends TSchema>(data: T) =>
  Type.Object({ results: Type.Object({ data, meta: Type.Object({ pagination: Pagination }) }) });

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});
export type PageQuery = Type.Static<typeof PageQuery>;

/** A stable machine code for a message (`auth.credentials_mismatch`): clients tell errors apart by it, not by their text. */
export const MessageCode = Type.String({ pattern: '^[a-z_]+(\\.[a-z_]+)+$', description: 'Stable machine code of the message, the same in every language' });

/**
 * A message in the request's language (`lng`, then Accept-Language, then English). Every error answer has
 * its `code`; a success answer may have none.
 */
export const Message = Type.Object({ message: Type.String(), code: Type.Optional(MessageCode) });
export type Message = Type.Static<typeof Message>;

/**
 * 422 body: messages keyed by field; clients show the first message of the first field (spec section 5).
 * `code` is the code of `message`; `codes` holds each field's message codes, in the order of `errors`.
 */
export const ValidationError = Type.Object({
  message: Type.String(),
  code: MessageCode,
  errors: Type.Record(Type.String(), Type.Array(Type.String())),
  codes: Type.Record(Type.String(), Type.Array(MessageCode)),
});
export type ValidationError = Type.Static<typeof ValidationError>;

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const SlugParam = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }) });
