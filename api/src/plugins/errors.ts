import type { FastifyError, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { Message, ValidationError } from '@linkhunt/contracts/schemas/common';
import { databaseUnavailableReason, RETRY_AFTER_SECONDS } from '../db/unavailable.js';
import { type FieldTexts, HttpError } from '../http-errors.js';
import { type ApiText, type MessageCode, text } from '../i18n/api-text.js';
import { ImageStoreUnavailableError, InvalidImageKeyError } from '../media/image-store/image-store.js';
import { translator } from '../i18n/translator.js';
import { fieldErrors, type SchemaError } from '../validation-messages.js';
import { addVary } from './read-cache.js';
import { requestLanguage } from './request-language.js';

/** The error answer: `message` (and each field's messages) in the request's language, with their stable codes. */
export interface ErrorAnswer {
  message: string;
  code: MessageCode;
  errors?: Record<string, string[]>;
  codes?: Record<string, MessageCode[]>;
}

/** An error answer written in the language of the request it answers. */
export function errorAnswer(request: FastifyRequest, message: ApiText, errors?: FieldTexts): ErrorAnswer {
  const t = translator(requestLanguage(request));
  if (!errors) return { message: t(message), code: message.code };
  const entries = Object.entries(errors);
  return {
    message: t(message),
    code: message.code,
    errors: Object.fromEntries(entries.map(([field, texts]) => [field, texts.map(t)])),
    codes: Object.fromEntries(entries.map(([field, texts]) => [field, texts.map((m) => m.code)])),
  };
}

/**
 * One error format for the whole API: 422 `{ message, errors }` for input that breaks a rule, 4xx
 * `{ message }` for the rest of what a client can cause, 503 `{ message }` while the database or the image
 * store cannot be reached (or the database stays locked), and a 500 only for our own faults.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.addHook('onRoute', documentClientErrors);

    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      // Every error answer is written in the request's language.
      addVary(reply, 'Accept-Language');
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send({ ...errorAnswer(request, error.text, error.errors), ...error.extra });
      }
      if (error.validation) {
        const context = error.validationContext ?? 'body';
        const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context];
        const errors = fieldErrors(error.validation as unknown as SchemaError[], schema);
        const first = Object.values(errors)[0]?.[0] ?? text('validation.invalid_data');
        return reply.status(422).send(errorAnswer(request, first, errors));
      }
      // Before the database's test, which would take the store's network error (its cause) for its own.
      if (error instanceof ImageStoreUnavailableError) {
        request.log.warn({ reason: error.message }, 'image store unavailable: answered 503');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorAnswer(request, text('request.unavailable')));
      }
      if (error instanceof InvalidImageKeyError) return reply.status(404).send(errorAnswer(request, text('image.missing')));
      const unavailable = databaseUnavailableReason(error);
      if (unavailable) {
        request.log.warn({ reason: unavailable }, 'database unavailable: answered 503');
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorAnswer(request, text('request.unavailable')));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send(errorAnswer(request, clientMessage(error, status)));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorAnswer(request, text('request.server_error')));
    });

    app.setNotFoundHandler((request, reply) => {
      addVary(reply, 'Accept-Language');
      reply.status(404).send(errorAnswer(request, text('request.route_not_found', { method: request.method, path: request.url.split('?')[0] ?? '/' })));
    });
  },
  { name: 'errors' },
);

/** Fastify's own client errors, in the API's words (its texts are English-only and name internals). */
function clientMessage(error: FastifyError, status: number): ApiText {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return text('request.too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return text('request.content_type');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return text('request.invalid_json');
    default:
      return text(status === 429 ? 'limits.too_many_requests_later' : 'request.unprocessable');
  }
}

const described = (description: string) => Type.Object(Message.properties, { description });
const UNREADABLE_BODY = 'malformed JSON, a broken multipart form or a forbidden key such as __proto__ in the body';
const BAD_ADDRESS = 'a path parameter that is not valid percent-encoding';
const TOO_LARGE = described('The request body is over the size limit');
const WRONG_CONTENT_TYPE = described('The body is not of a content type this route takes');
const ADDRESS_TOO_LONG = described('A path parameter is longer than the router takes');
const INVALID = Type.Object(ValidationError.properties, { description: 'A parameter, the query string or the body breaks the schema' });
const UNAVAILABLE = described('The database cannot be reached for now, or the server is shutting down: try again after Retry-After seconds');

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Documents on every route the client errors answered before or instead of its handler (by Fastify's
 * parsers and router, its validation, and the input guards) and the 503 of a database that is down or a
 * server that is shutting down, so that the OpenAPI document lists every
 * status a client can get and each such answer is serialized by its schema. A route's own declaration of
 * a status wins.
 */
function documentClientErrors(route: RouteOptions): void {
  const schema = route.schema;
  if (!schema || schema.hide) return;
  // Any route may meet a database that is down, or a server that is draining.
  const added: Record<number, unknown> = { 503: UNAVAILABLE };
  const unreadable: string[] = [];
  if ([route.method].flat().some((method) => BODY_METHODS.has(method))) {
    unreadable.push(UNREADABLE_BODY);
    Object.assign(added, { 413: TOO_LARGE, 415: WRONG_CONTENT_TYPE });
  }
  if (route.url.includes(':')) {
    unreadable.push(BAD_ADDRESS);
    added[414] = ADDRESS_TOO_LONG;
  }
  if (unreadable.length > 0) added[400] = described(`The request could not be read: ${unreadable.join('; or ')}`);
  if (schema.params || schema.querystring || schema.body) added[422] = INVALID;
  route.schema = { ...schema, response: { ...added, ...(schema.response as Record<string, unknown> | undefined) } };
}
