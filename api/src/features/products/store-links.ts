import type { Store } from '@linkhunt/contracts/limits';
import type { LinkAllowlists } from '../../config.js';

const STORE_NAMES: Record<Store, string> = { hacoo: 'Hacoo', dhgate: 'DHGate', cnfans: 'CNFans' };

export type StoreLinkCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * A store link is only accepted as an https URL on one of its platform's hosts: the link is handed to
 * every visitor, so anything else (javascript:, http:, a look-alike host, `https://hacoo.com@evil.com`,
 * a bare IP) would turn the catalogue into a phishing relay. The normalised URL is what gets stored.
 */
export function checkStoreLink(store: Store, value: string, allowlists: LinkAllowlists): StoreLinkCheck {
  const name = STORE_NAMES[store];
  const hosts = allowlists[store];
  const expected = `The ${name} link must be an https:// link to ${describeHosts(hosts)}.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: `The ${name} link is not a valid URL. ${expected}` };
  }
  if (url.protocol !== 'https:') return { ok: false, message: `The ${name} link must start with https://.` };
  if (url.username !== '' || url.password !== '') return { ok: false, message: `The ${name} link may not contain a user name or password.` };
  if (url.port !== '') return { ok: false, message: `The ${name} link may not name a port.` };
  const host = url.hostname.toLowerCase();
  if (isIpAddress(host) || !hostAllowed(host, hosts)) return { ok: false, message: expected };
  return { ok: true, url: url.href };
}

/** `*.example.com` allows any subdomain (not the bare domain, which is listed on its own); other entries match exactly. */
export function hostAllowed(host: string, allowlist: readonly string[]): boolean {
  return allowlist.some((entry) => {
    const pattern = entry.trim().toLowerCase();
    if (pattern.startsWith('*.')) {
      const domain = pattern.slice(2);
      return host.length > domain.length + 1 && host.endsWith(`.${domain}`);
    }
    return host === pattern;
  });
}

function isIpAddress(host: string): boolean {
  // The URL parser has already turned every IPv4 spelling (hex, octal, short forms) into dotted decimal.
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

function describeHosts(hosts: readonly string[]): string {
  const domains = [...new Set(hosts.map((h) => h.replace(/^\*\./, '')))];
  return domains.length > 0 ? domains.join(', ') : 'its store';
}
