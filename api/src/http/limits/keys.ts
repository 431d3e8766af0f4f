import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** A counter's key for a value kept out of the store in clear (an address, a client's network): `prefix:<sha-256>`. */
export function hashedKey(prefix: string, value: string): string {
  return `${prefix}:${createHash('sha256').update(value).digest('base64url')}`;
}

/**
 * The client side of a counter's key: an IPv4 address, or the /64 network of an IPv6 one (one subscriber
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
