import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_HEADER } from '@linkhunt/contracts/idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries a secret though the route needs no sign-in (a new token, the own record): never stored. */
    privateAnswer?: boolean;
  }
}

/** Every answer's Content-Security-Policy but the docs UI's: nothing may load, run or frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Routes documented as needing a bearer token: their every answer, 401 and 403 included, concerns one account. */
function needsSignIn(request: FastifyRequest): boolean {
  const security = (request.routeOptions.schema as { security?: unknown[] } | undefined)?.security;
  return Array.isArray(security) && security.length > 0;
}

/**
 * `Cache-Control: no-store` on every answer that belongs to one account, so no browser, proxy or CDN keeps it
 * for the next person: any route documented as needing a bearer token (whatever the status), routes marked
 * `privateAnswer`, and any request a token signed in. A public route that set its own Cache-Control for a
 * signed-in request keeps it (its answer is the same for everyone). Public reads served from the read cache
 * never get this far with a user (the cache answers before the token is looked up) and are the same for everyone.
 */
function markPrivateAnswers(request: FastifyRequest, reply: FastifyReply): void {
  if (needsSignIn(request) || request.routeOptions.config.privateAnswer === true) {
    void reply.header('cache-control', 'no-store');
  } else if (request.user && !reply.hasHeader('cache-control')) {
    void reply.header('cache-control', 'no-store');
  }
}

export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      // Images and avatars are loaded by the site from another origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      // Set below instead: one strict policy for every answer, and the docs UI's own (plugins/docs.ts).
      contentSecurityPolicy: false,
    });
    await app.register(cors, {
      origin: app.config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'DELETE'],
      // An upload's Idempotency-Key comes from the site's origin too.
      allowedHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_KEY_HEADER],
      maxAge: 600,
    });
    app.addHook('onSend', async (request, reply, payload) => {
      markPrivateAnswers(request, reply);
      // JSON and images never need to run, load or be framed; /docs sets a policy of its own (plugins/docs.ts)
      // after this hook.
      if (!reply.hasHeader('content-security-policy')) void reply.header('content-security-policy', API_POLICY);
      return payload;
    });
  },
  { name: 'security', dependencies: ['config'] },
);
