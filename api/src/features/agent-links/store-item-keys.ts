/**
 * Hacoo and DHGate are stores, not agents: their links stay as they are. To notice the same product listed twice,
 * each link is reduced to a key two links to one product share: the store's product id where the link carries
 * one, else the link's host (without www. or m.) and path, which is what a share link like hacoo.app.link/<token>
 * identifies. Query strings never count: they carry tracking and referral parameters.
 *
 * Migration 011 holds a frozen copy of these rules for the rows that existed before it.
 */

const HACOO_ID = /\/(?:product|goods)\/(\d{4,})(?:[/.]|$)/i;
const HACOO_ID_PARAMS = ['goods_id', 'goodsid', 'productid', 'product_id'];
const DHGATE_ID = /\/(\d{6,})\.html$/i;
const DHGATE_ID_PARAMS = ['itemcode', 'item_code'];

function paramOf(url: URL, names: readonly string[]): string | null {
  for (const [name, value] of url.searchParams) if (names.includes(name.toLowerCase()) && /^\d{4,}$/.test(value)) return value;
  return null;
}

function fallbackKey(url: URL): string {
  return `link:${url.hostname.toLowerCase().replace(/^(?:www|m)\./, '')}${url.pathname.replace(/\/+$/, '')}`;
}

/** The key of a stored (already checked and normalised) Hacoo link. */
export function hacooItemKey(link: string): string {
  const url = new URL(link);
  const id = HACOO_ID.exec(url.pathname)?.[1] ?? paramOf(url, HACOO_ID_PARAMS);
  return id ? `hacoo:${id}` : fallbackKey(url);
}

/** The key of a stored DHGate link; null without one. */
export function dhgateItemKey(link: string | null): string | null {
  if (link === null || link === '') return null;
  const url = new URL(link);
  const id = DHGATE_ID.exec(url.pathname)?.[1] ?? paramOf(url, DHGATE_ID_PARAMS);
  return id ? `dhgate:${id}` : fallbackKey(url);
}
