import type { FastifyReply } from 'fastify';
import type { RateLimit } from '../../config.js';
import type { Counter } from '../../http/limits/counter.js';
import { clientNetwork, hashedKey } from '../../http/limits/keys.js';
import { tooMany } from '../../http/limits/too-many.js';

/** Hashed, so a shared store never holds addresses or emails in clear. */
export function loginAttemptKey(email: string, ip: string): string {
  return hashedKey('login', `${email}\n${clientNetwork(ip)}`);
}

/**
 * Slows password guessing against one account without locking its owner out: the count is per account
 * and client, so the client that keeps failing gets 429 while the owner, signing in from anywhere else,
 * is not affected. A successful sign-in starts that client's count afresh.
 */
export class LoginThrottle {
  constructor(
    private readonly counter: Counter,
    private readonly limit: RateLimit,
  ) {}

  /**
   * Counts the attempt before the password is checked, so guesses sent in parallel cannot all slip in under
   * the limit, and a blocked client learns nothing about the password it sent. Throws the 429.
   */
  async attempt(key: string, reply: FastifyReply): Promise<void> {
    const { count, retryAfter } = await this.counter.hit(key, this.limit);
    if (count <= this.limit.max) return;
    throw tooMany(reply, retryAfter, 'limits.sign_ins');
  }

  async succeeded(key: string): Promise<void> {
    await this.counter.reset(key);
  }
}
