import type { SourceItem } from '@linkhunt/contracts/schemas/agents';
import { isSourceMarketplace } from '@linkhunt/contracts/agents';
import { parseSourceItem } from './source-item.js';
import { dhgateItemKey, hacooItemKey } from './store-item-keys.js';

export interface ProductLinks {
  linkHacoo: string;
  linkDhgate: string | null;
  /** The CNFans link built from the source item (product-form.ts), which reads back as that item. */
  linkCnfans: string | null;
}

/** What identifies the item a product lists, as the products table keeps it beside the links (migration 011). */
export interface ProductIdentity {
  source_marketplace: string | null;
  source_item_id: string | null;
  hacoo_item: string | null;
  dhgate_item: string | null;
}

export function productIdentity(links: ProductLinks): ProductIdentity {
  const parsed = links.linkCnfans ? parseSourceItem(links.linkCnfans) : null;
  const item = parsed?.ok ? parsed.item : null;
  return {
    source_marketplace: item?.marketplace ?? null,
    source_item_id: item?.id ?? null,
    hacoo_item: hacooItemKey(links.linkHacoo),
    dhgate_item: dhgateItemKey(links.linkDhgate),
  };
}

/** A row's source item, or null (no agent link, or a value only a hand edit could have written). */
export function sourceItemOf(row: Pick<ProductIdentity, 'source_marketplace' | 'source_item_id'>): SourceItem | null {
  const { source_marketplace: marketplace, source_item_id: id } = row;
  return marketplace !== null && id !== null && isSourceMarketplace(marketplace) ? { marketplace, id } : null;
}

const STORE_SITES = { hacoo: ['hacoo.com', 'hacoo.app', 'hacoo.app.link', 'saramart.com'], dhgate: ['dhgate.com', 'dhgate.to'] } as const;
const onSite = (host: string, sites: readonly string[]) => sites.some((site) => host === site || host.endsWith(`.${site}`));

/**
 * What a search typed as a link names: an agent's or marketplace's item, or a Hacoo or DHGate product. Null for
 * anything else, which is searched as words.
 */
export function linkIdentity(query: string): Partial<ProductIdentity> | null {
  const parsed = parseSourceItem(query);
  if (parsed.ok) return { source_marketplace: parsed.item.marketplace, source_item_id: parsed.item.id };
  let url: URL;
  try {
    url = new URL(query.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (onSite(host, STORE_SITES.hacoo)) return { hacoo_item: hacooItemKey(url.href) };
  if (onSite(host, STORE_SITES.dhgate)) return { dhgate_item: dhgateItemKey(url.href) };
  return null;
}
