import fp from 'fastify-plugin';
import { type Counter, createCounters } from '../http/limits/counter.js';
import { limitRoutes } from '../http/limits/route-limits.js';
import { closeRedis, connectRedis } from './redis-connection.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters for limits a route keeps itself (failed sign-ins, account mails, favourite toggles, notice acknowledgements). */
    counters: Counter;
  }
}

/** Every limit of the API counted in one place: this process's memory, or with REDIS_URL Redis, so several API instances share them. */
export const limitsPlugin = fp(
  async (app) => {
    const { redisUrl, redisPrefix } = app.config;
    const redis = redisUrl ? await connectRedis(redisUrl, app.log) : null;
    if (redis) app.addHook('onClose', () => closeRedis(redis));
    const { counters, routes } = createCounters(redis, redisPrefix);
    app.decorate('counters', counters);
    limitRoutes(app, routes);
  },
  { name: 'limits', dependencies: ['config', 'errors'] },
);
