import type { PlatformError } from '@linkhunt/contracts/platform';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/**
 * A refusal thrown from deeper down (a deploy's preflight, a rollback with nothing to return to): the handler
 * below sends it with its status and code, and `extra` fields such as a preflight's checks.
 */
export class PlatformRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Sends a refusal of the platform API: its status, a stable code and a sentence naming the reason. */
export function refuse(reply: FastifyReply, status: number, error: string, message: string): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').send({ error, message } satisfies PlatformError);
}

/**
 * The platform API's errors in its own shape: a body the schema refuses is a 400 naming the field, an unparsable
 * one a 400 too; anything else is logged and answered as a 500 without its details.
 */
export function platformErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | PlatformRefusal, request, reply) => {
    if (error instanceof PlatformRefusal) {
      return reply.code(error.status).header('Cache-Control', 'no-store').send({ error: error.code, message: error.message, ...error.extra });
    }
    const [first] = error.validation ?? [];
    if (first) return refuse(reply, 400, 'invalid_request', `${error.validationContext ?? 'body'}${first.instancePath} ${first.message ?? 'is not valid'}`);
    if (error.statusCode && error.statusCode < 500) return refuse(reply, error.statusCode, 'invalid_request', error.message);
    request.log.error({ err: error }, 'platform request failed');
    return refuse(reply, 500, 'internal', 'The platform could not do this; the server log says why.');
  });
}
