import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../../config.js';
import type { Counter } from './counter.js';
import { clientNetwork } from './keys.js';
import { tooManyRequests } from './too-many.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requests one client (IP address, or IPv6 /64) may make to the route in `timeWindow`; past `max`, 429. */
    rateLimit?: RateLimit;
  }
}

/**
 * Limits each route whose config has `rateLimit`, counting its requests per client in `counter`. Every answer
 * says where the client stands (`x-ratelimit-limit`, `-remaining`, `-reset` in seconds); past the limit the
 * answer is 429 with Retry-After, written in the request's language by the errors plugin. While the counter
 * cannot count (Redis down) the request goes through unlimited: a limit that took the whole site down with
 * it would do more harm than the abuse it slows. The outage is logged by the connection (redis-connection.ts).
 */
export function limitRoutes(app: FastifyInstance, counter: Counter): void {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const name = `${String(route.method)}${route.url}`;
    const check = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const hit = await counter.hit(`${name}-${clientNetwork(request.ip)}`, limit).catch(() => null);
      if (!hit) return;
      void reply.header('x-ratelimit-limit', limit.max).header('x-ratelimit-remaining', Math.max(0, limit.max - hit.count)).header('x-ratelimit-reset', hit.retryAfter);
      if (hit.count <= limit.max) return;
      throw tooManyRequests(reply, hit.retryAfter);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), check];
  });
}
