import { isForeignKeyViolation } from './db/sql-helpers.js';
import { type ApiText, type MessageCode, text } from './i18n/api-text.js';
import { translator } from './i18n/translator.js';

/** Field errors before they are put in words: each field's messages, as codes with their values. */
export type FieldTexts = Record<string, ApiText[]>;

/**
 * An error a client caused, answered with its status and message (and field errors for 422). The message
 * is written in the request's language by the errors plugin; `message` holds its English text, for logs.
 */
export class HttpError extends Error {
  readonly text: ApiText;

  constructor(
    readonly statusCode: number,
    message: ApiText | MessageCode,
    readonly errors?: FieldTexts,
    /** More of the answer beside the message, e.g. the listed product a 409 duplicate names. */
    readonly extra?: Record<string, unknown>,
  ) {
    const found = typeof message === 'string' ? text(message) : message;
    super(translator('en')(found));
    this.text = found;
    this.name = 'HttpError';
  }
}

export const notFound = (message: ApiText | MessageCode = 'request.not_found') => new HttpError(404, message);
export const unauthorized = (message: ApiText | MessageCode = 'auth.invalid_token') => new HttpError(401, message);
/** A hidden product: taken down, so its links and reviews are closed (the page still shows it). */
export const productGone = () => new HttpError(410, 'product.gone');
/** A product removed for illegal content: nothing of it is handed out (text, images, card, reviews, links). */
export const productWithdrawn = () => new HttpError(410, 'product.withdrawn');
export const forbidden = (message: ApiText | MessageCode = 'auth.forbidden') => new HttpError(403, message);
export const conflict = (message: ApiText | MessageCode) => new HttpError(409, message);

/**
 * The `.catch` of a write that refers to a product the route has just looked up: a foreign-key failure means
 * the product was deleted in between, which the client is told as 404, not 500.
 */
export function productDeletedMeanwhile(error: unknown): never {
  throw isForeignKeyViolation(error) ? notFound('product.not_found') : error;
}

export const validationFailed = (errors: FieldTexts, message?: ApiText | MessageCode) =>
  new HttpError(422, message ?? firstMessage(errors) ?? 'validation.invalid_data', errors);

/** One field's error, the common case. */
export const fieldError = (field: string, message: ApiText | MessageCode) =>
  validationFailed({ [field]: [typeof message === 'string' ? text(message) : message] });

function firstMessage(errors: FieldTexts): ApiText | undefined {
  for (const messages of Object.values(errors)) if (messages[0]) return messages[0];
  return undefined;
}
