import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_HEADER } from '@linkhunt/contracts/idempotency';
import { type CounterStore, FallbackCounterStore, MemoryCounterStore } from './counter-store.js';
import { RedisCounterStore } from './redis-counter-store.js';
import { closeRedis, connectRedis } from './redis-connection.js';
import { HttpError } from '../http-errors.js';
import { text } from '../i18n/api-text.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters for limits a route keeps itself (failed sign-ins per account and client). */
    counters: CounterStore;
  }
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

/** The outage itself is logged by the connection; only a failure while Redis is up says something new. */
function sharedCounters(store: RedisCounterStore, connected: () => boolean, log: FastifyBaseLogger): CounterStore {
  return new FallbackCounterStore(store, new MemoryCounterStore(), (err) => {
    if (connected()) log.warn({ err }, 'Redis counter failed: counted in this instance instead');
  });
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
    // With REDIS_URL, limits and counters are kept in Redis, so several API instances share them.
    const { redisUrl, redisPrefix } = app.config;
    const redis = redisUrl ? await connectRedis(redisUrl, app.log) : null;
    if (redis) app.addHook('onClose', () => closeRedis(redis));
    // Off by default: the routes that need a limit (login, register, report, visit, contact) set their own.
    await app.register(rateLimit, {
      global: false,
      // skipOnError: while Redis is down a request goes through unlimited rather than failing; a limit that
      // takes the whole site down with it would do more harm than the abuse it slows.
      ...(redis && { redis, nameSpace: `${redisPrefix}rl:`, skipOnError: true }),
      // Thrown to the errors plugin, which writes it in the request's language.
      errorResponseBuilder: (_request, context) => new HttpError(context.statusCode, text('limits.too_many_requests', { count: Math.ceil(context.ttl / 1000) })),
    });
    app.addHook('onSend', async (request, reply, payload) => {
      markPrivateAnswers(request, reply);
      // JSON and images never need to run, load or be framed; /docs sets a policy of its own (plugins/docs.ts)
      // after this hook.
      if (!reply.hasHeader('content-security-policy')) void reply.header('content-security-policy', API_POLICY);
      return payload;
    });
    app.decorate('counters', redis ? sharedCounters(new RedisCounterStore(redis, `${redisPrefix}counter:`), () => redis.status === 'ready', app.log) : new MemoryCounterStore());
  },
  { name: 'security', dependencies: ['config'] },
);
