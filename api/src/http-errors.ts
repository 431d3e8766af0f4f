import { isForeignKeyViolation } from './db/sql-helpers.js';

/** An error a client caused, answered with its status and message (and field errors for 422). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const unauthorized = (message = 'Invalid token') => new HttpError(401, message);
/** A hidden product: taken down, so its links and reviews are closed (the page still shows it). */
export const productGone = () => new HttpError(410, 'This product is no longer available.');
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);

/**
 * The `.catch` of a write that refers to a product the route has just looked up: a foreign-key failure means
 * the product was deleted in between, which the client is told as 404, not 500.
 */
export function productDeletedMeanwhile(error: unknown): never {
  throw isForeignKeyViolation(error) ? notFound('Product not found') : error;
}

export const validationFailed = (errors: Record<string, string[]>, message?: string) =>
  new HttpError(422, message ?? firstMessage(errors) ?? 'The given data was invalid.', errors);

/** One field's error, the common case. */
export const fieldError = (field: string, message: string) => validationFailed({ [field]: [message] });

function firstMessage(errors: Record<string, string[]>): string | undefined {
  for (const messages of Object.values(errors)) if (messages[0]) return messages[0];
  return undefined;
}
