import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply } from 'fastify';
import type { RateLimit } from '../../config.js';
import type { CounterStore } from '../../plugins/counter-store.js';
import { countHit, hashedKey, tooMany } from './counted-limit.js';

/**
 * The client side of a throttle key: an IPv4 address, or the /64 network of an IPv6 one (one subscriber
 * usually holds a whole /64, so hopping between its addresses must not earn fresh guesses). The user agent
 * is left out on purpose: it is the client's to choose, so counting per agent would hand an attacker ten
 * new guesses per invented agent.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}

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
    private readonly store: CounterStore,
    private readonly limit: RateLimit,
  ) {}

  /**
   * Counts the attempt before the password is checked, so guesses sent in parallel cannot all slip in under
   * the limit, and a blocked client learns nothing about the password it sent. Throws the 429.
   */
  async attempt(key: string, reply: FastifyReply): Promise<void> {
    const { count, retryAfter } = await countHit(this.store, key, this.limit);
    if (count <= this.limit.max) return;
    throw tooMany(reply, retryAfter, 'limits.sign_ins');
  }

  async succeeded(key: string): Promise<void> {
    await this.store.reset(key);
  }
}
