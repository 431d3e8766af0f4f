import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { type CounterStore, MemoryCounterStore } from './counter-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters for limits a route keeps itself (failed sign-ins per account and client). */
    counters: CounterStore;
  }
}

export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      // Images and avatars are loaded by the site from another origin.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      // The only HTML served is the API docs page, whose UI needs inline styles and scripts.
      contentSecurityPolicy: false,
    });
    await app.register(cors, {
      origin: app.config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
    // Off by default: the routes that need a limit (login, register, report, visit, contact) set their own.
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        code: 'RATE_LIMITED',
        message: `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
    app.decorate('counters', new MemoryCounterStore());
  },
  { name: 'security', dependencies: ['config'] },
);
