import { isIP } from 'node:net';
import type { Store } from '@linkhunt/contracts/limits';
import type { LinkAllowlists } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { isPublicAddress } from './public-address.js';
import { type ApiText, type MessageCode, text } from '../../i18n/api-text.js';

const STORE_NAMES: Record<Store, string> = { hacoo: 'Hacoo', dhgate: 'DHGate', cnfans: 'CNFans' };

/** The products column that holds each store's link. */
export const STORE_LINK_COLUMN = { hacoo: 'link_hacoo', dhgate: 'link_dhgate', cnfans: 'link_cnfans' } as const satisfies Record<Store, keyof Database['products']>;

export type StoreLinkColumns = Pick<Database['products'], (typeof STORE_LINK_COLUMN)[Store]>;

/** A product row's links by store (null or '' where it has none). */
export function storeLinksOf(row: StoreLinkColumns): Record<Store, string | null> {
  return { hacoo: row.link_hacoo, dhgate: row.link_dhgate, cnfans: row.link_cnfans };
}

export type StoreLinkCheck = { ok: true; url: string } | { ok: false; message: ApiText };

/**
 * Whitespace, control and invisible formatting characters (soft hyphen, zero-width, bidi overrides): the
 * URL parser silently drops or re-encodes several of them, so what a person reads in the form would differ
 * from where the link goes.
 */
const HIDDEN_CHARACTERS = /[\s\p{Cc}\p{Cf}]/u;

/** Names that only ever reach the visitor's own machine or network; an operator's allowlist cannot open them. */
const LOCAL_SUFFIXES = ['localhost', 'localdomain', 'local', 'internal', 'home.arpa'];

/**
 * A store link is only accepted as an https URL on one of its platform's hosts: the link is handed to
 * every visitor, so anything else (javascript:, http:, a look-alike host, `https://hacoo.com@evil.com`,
 * a bare IP) would turn the catalogue into a phishing relay. The normalised URL is what gets stored.
 *
 * The WHATWG parser is forgiving (`https:hacoo.com`, `\` for `/`, `:443` dropped, full-width letters and
 * percent-escapes in the host folded to ASCII), so the text as typed is checked too: the host a person
 * reads must be exactly the host the link opens.
 */
export function checkStoreLink(store: Store, value: string, allowlists: LinkAllowlists): StoreLinkCheck {
  const name = STORE_NAMES[store];
  const domains = describeHosts(allowlists[store]);
  const refuse = (code: MessageCode): StoreLinkCheck => ({ ok: false, message: text(code, { store: name, domains }) });

  if (HIDDEN_CHARACTERS.test(value)) return refuse('store_link.hidden_characters');
  if (value.includes('\\')) return refuse('store_link.backslash');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('store_link.not_a_url');
  }
  const authority = /^https:\/\/([^/?#]*)/i.exec(value)?.[1];
  if (url.protocol !== 'https:' || authority === undefined) return refuse('store_link.not_https');
  if (authority.includes('@') || url.username !== '' || url.password !== '') {
    return refuse('store_link.credentials');
  }

  const host = url.hostname;
  if (isIpAddress(host)) return refuse('store_link.ip_address');
  if (isLocalName(host)) return refuse('store_link.local_address');
  if (authority.includes(':')) return refuse('store_link.port');
  if (host.endsWith('.')) return refuse('store_link.trailing_dot');
  if (/[^\x21-\x7e]/.test(authority) || host.split('.').some((label) => label.startsWith('xn--'))) {
    return refuse('store_link.look_alike');
  }
  // Anything the parser still rewrote (percent-escapes, an ideographic full stop) is a host spelled one way and opened as another.
  if (authority.toLowerCase() !== host || !hostAllowed(host, allowlists[store])) return refuse('store_link.expected');
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
  // The URL parser has already turned every IPv4 spelling (decimal, hex, octal, short forms) into dotted decimal.
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

function isLocalName(host: string): boolean {
  const bare = host.replace(/\.$/, '');
  return LOCAL_SUFFIXES.some((suffix) => bare === suffix || bare.endsWith(`.${suffix}`)) || spellsLocalAddress(bare);
}

/**
 * A name that spells a local address in its labels (`localhost.`, `127-0-0-1.`, `10.0.0.7.` under the store's
 * domain), as wildcard DNS services resolve them. The upload resolves nothing (what a name resolves to today
 * says nothing about tomorrow; the link checker checks every address it connects to, public-address.ts), but
 * such a name is refused outright: no store names its hosts so, and visitors would open it in their browsers.
 */
function spellsLocalAddress(host: string): boolean {
  const labels = host.toLowerCase().split('.');
  if (labels.includes('localhost')) return true;
  const local = (spelled: string) => isIP(spelled) === 4 && !isPublicAddress(spelled);
  if (labels.some((label) => /^\d{1,3}(?:-\d{1,3}){3}$/.test(label) && local(label.replaceAll('-', '.')))) return true;
  return labels.some((_label, i) => i + 4 <= labels.length && local(labels.slice(i, i + 4).join('.')));
}

function describeHosts(hosts: readonly string[]): string {
  const domains = [...new Set(hosts.map((h) => h.replace(/^\*\./, '')))];
  return domains.length > 0 ? domains.join(', ') : '—';
}
