import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long the API waits for Redis on start; past it, it starts anyway (see connectRedis). */
const STARTUP_WAIT_MS = 2_000;

/**
 * The connection behind the shared rate limits and counters, tuned to fail fast: while Redis is unreachable a
 * command fails at once instead of waiting in a queue, and a command Redis is slow to answer fails after a
 * second; the callers then carry on without it (see http/limits/counter.ts). The client keeps reconnecting in
 * the background. An outage is logged once when it starts and once when it ends, not at every reconnection attempt.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: 'linkhunt-api',
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    enableOfflineQueue: false,
  });
  let reachable = true;
  redis.on('error', (err: Error) => {
    if (!reachable) return;
    reachable = false;
    log.warn({ err }, 'Redis is unreachable: route limits are lifted, and failed sign-ins and the other counters are kept per instance, until it answers');
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info('Redis answers again: route limits and counters are shared again');
  });
  // A Redis that is down must not keep the site down: the API starts, and the error listener above has said why.
  await once(redis, 'ready', { signal: AbortSignal.timeout(STARTUP_WAIT_MS) }).catch(() => undefined);
  return redis;
}

/** Lets Redis finish what it was sent when it can; otherwise just drops the socket, so closing never hangs. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // Redis went away while quitting: nothing left to wait for.
    }
  }
  redis.disconnect();
}
