import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomSecret } from '../config.js';
import { settingOrCreate } from '../db/settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Who is asking, for once-per-visitor counting: the user when signed in, else a salted hash of the client's
     * address (see visitorAddress). Never the User-Agent, which the client chooses freely.
     */
    visitorKey(request: FastifyRequest): string;
  }
}

const SALT_KEY = 'visitor_salt';

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  if (!isIPv6(text)) return null;
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, dotted.index);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const before = parse(head);
  const after = [...(rest === undefined ? [] : parse(rest)), ...tail];
  const zeros = rest === undefined ? 0 : 8 - before.length - after.length;
  return [...before, ...Array<number>(zeros).fill(0), ...after];
}

/**
 * The address a visitor is counted by: an IPv4 address as it is (an IPv4-mapped IPv6 address is that IPv4
 * address), an IPv6 address as its /64 prefix, since one subscriber is usually given a whole /64 and can
 * pick any address in it.
 */
export function visitorAddress(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] ?? 0, groups[7] ?? 0].flatMap((g) => [g >> 8, g & 255]).join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

export const visitorPlugin = fp(
  async (app) => {
    let salt = app.config.visitorSalt;
    if (!salt) {
      // Kept in the database so the same visitor keeps the same key across restarts and instances.
      salt = await settingOrCreate(app.db, SALT_KEY, randomSecret());
    }
    app.decorate('visitorKey', (request: FastifyRequest) => {
      if (request.user) return `u:${request.user.id}`;
      // request.ip already follows the trusted-proxy rule (TRUST_PROXY): a forwarded address only from a trusted proxy.
      return `v:${createHash('sha256').update(`${salt}|${visitorAddress(request.ip)}`).digest('base64url').slice(0, 43)}`;
    });
  },
  { name: 'visitor', dependencies: ['database', 'config', 'auth'] },
);
