import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/** Every address a name resolves to (the system resolver, or a test's). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** The system's resolver (as a browser would use: /etc/hosts, then DNS), every address in the order it gives them. */
export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** The check refused to connect: the host resolved to an address outside the public internet. */
export class NonPublicAddressError extends Error {
  readonly code = 'LINKHUNT_NON_PUBLIC_ADDRESS';
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
  }
}

export const isNonPublicAddressError = (error: unknown): boolean =>
  error instanceof NonPublicAddressError || (error instanceof Error && error.cause !== undefined && isNonPublicAddressError(error.cause));

/**
 * Whether a connection to `address` reaches the public internet. ipaddr.js's range() names every special
 * range (loopback, RFC 1918, link-local, CGNAT, ULA, multicast, unspecified, broadcast, documentation,
 * benchmarking, 6to4, Teredo, NAT64 and the other reserved blocks); only plain `unicast` is public. An
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address.replace(/%.*$/, '')) === 0 || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * The addresses of `hostname`, checked: all of them must be public, else none is used (a name answering one
 * public and one private address could send the next connection to the private one). IPv4 first, as a
 * server without IPv6 routes would otherwise fail where a browser falls back.
 */
export async function resolvePublic(hostname: string, resolve: Resolver): Promise<LookupAddress[]> {
  const addresses = isIP(hostname) !== 0 ? [{ address: hostname, family: isIP(hostname) }] : await resolve(hostname);
  for (const { address } of addresses) {
    if (!isPublicAddress(address)) throw new NonPublicAddressError(hostname, address);
  }
  if (addresses.length === 0) throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
  return [...addresses].sort((a, b) => a.family - b.family);
}

export interface PublicOnlyOptions {
  /** Tests map store names to the addresses they need; the system resolver otherwise. */
  resolve?: Resolver;
  /**
   * Opens the connection to the checked address (`hostname` is that address, `servername` the name for SNI
   * and the certificate). undici's own TLS connector otherwise; tests route it to a local server.
   */
  connect?: buildConnector.connector;
}

/**
 * An undici dispatcher that connects only to public addresses: each new connection resolves its host once,
 * refuses it unless every address is public, and connects to the address it checked, so the DNS cannot
 * answer differently between the check and the connection. The name stays the TLS server name (and the
 * certificate is verified for it) and the Host header. Every redirect hop opens its connection here too.
 */
export function publicOnlyDispatcher(options: PublicOnlyOptions = {}): Agent {
  const resolve = options.resolve ?? systemResolver;
  const connect = options.connect ?? buildConnector({});
  return new Agent({
    connect: (connectOptions, callback) => {
      const hostname = connectOptions.hostname.replace(/^\[(.*)\]$/, '$1');
      resolvePublic(hostname, resolve).then(
        ([checked]) => {
          if (!checked) return;
          connect({ ...connectOptions, hostname: checked.address, servername: connectOptions.servername || (isIP(hostname) === 0 ? hostname : undefined) }, callback);
        },
        (error: Error) => callback(error, null),
      );
    },
  });
}
