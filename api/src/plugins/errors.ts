import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.js';
import { fieldErrors, type SchemaError } from '../validation-messages.js';

/**
 * One error format for the whole API: 422 `{ message, errors }` for input that breaks a rule, 4xx
 * `{ message }` for the rest of what a client can cause, and a 500 only for our own faults.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      }
      if (error.validation) {
        const context = error.validationContext ?? 'body';
        const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context];
        const errors = fieldErrors(error.validation as unknown as SchemaError[], schema);
        const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
        return reply.status(422).send({ message: first, errors });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ message: clientMessage(error, status) });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'errors' },
);

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message || (status === 429 ? 'Too many requests, please try again later.' : 'The request could not be processed.');
  }
}
