import type { Redis, Result } from 'ioredis';
import type { CounterState, CounterStore } from './counter-store.js';

/**
 * One round trip, atomic, so hits landing on two instances at once cannot both open the window: the first
 * hit sets the expiry, and a key found without one (written by hand, or left by a crash between commands of
 * an older client) is given one rather than counting for ever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const HIT_COMMAND = 'linkhuntCounterHit';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** HIT_SCRIPT: the count after this hit, and the milliseconds left in its window. */
    linkhuntCounterHit(key: string, windowMs: number): Result<[number, number], Context>;
  }
}

/** Counters in Redis, shared by every API instance that uses the same Redis and prefix. */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    // Sent once, then run by its hash (ioredis falls back to sending it again when Redis has forgotten it).
    redis.defineCommand(HIT_COMMAND, { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const [count, ttl] = await this.redis.linkhuntCounterHit(this.prefix + key, windowMs);
    return { count, resetAt: Date.now() + ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
