import type { Kysely } from 'kysely';
import type { LinkState, StoreLinkHealth } from '@linkhunt/contracts/link-health';
import { STORES, type Store } from '@linkhunt/contracts/limits';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../db/sql-helpers.js';
import { type StoreLinkColumns, storeLinksOf } from './store-links.js';

type Db = Kysely<Database>;

export type LinkHealthByStore = Record<Store, StoreLinkHealth | null>;

type ProductLinkColumns = StoreLinkColumns & { id: number };

/**
 * Each store link's verdict, for the products given: null where the product has no link on that store,
 * `unknown` where its current address has no verdict yet (a row of an older address does not count).
 */
export async function linkHealthOf(db: Db, products: readonly ProductLinkColumns[]): Promise<Map<number, LinkHealthByStore>> {
  const out = new Map<number, LinkHealthByStore>();
  if (products.length === 0) return out;
  const rows = await db
    .selectFrom('link_checks')
    .select(['product_id', 'platform', 'url', 'verdict', 'verdict_at'])
    .where('product_id', 'in', products.map((p) => p.id))
    .execute();
  const rowOf = new Map(rows.map((r) => [`${r.product_id}:${r.platform}`, r]));
  for (const product of products) {
    const links = storeLinksOf(product);
    const health = {} as LinkHealthByStore;
    for (const store of STORES) {
      const url = links[store];
      const row = rowOf.get(`${product.id}:${store}`);
      health[store] = !url
        ? null
        : row && row.url === url && row.verdict
          ? { state: row.verdict, checked_at: row.verdict_at === null ? null : toIso(row.verdict_at) }
          : { state: 'unknown', checked_at: null };
    }
    out.set(product.id, health);
  }
  return out;
}

/** The product's links together, and when the latest verdict on any of them came. */
export function productLinkState(health: LinkHealthByStore | undefined): { link_state: LinkState; links_checked_at: string | null } {
  const links = STORES.flatMap((store) => (health?.[store] ? [health[store]] : []));
  const gone = links.filter((l) => l.state === 'gone').length;
  const link_state: LinkState =
    links.length > 0 && gone === links.length ? 'gone'
      : gone > 0 ? 'partly_gone'
        : links.length > 0 && links.every((l) => l.state === 'ok') ? 'ok'
          : 'unknown';
  const times = links.flatMap((l) => (l.checked_at ? [l.checked_at] : [])).sort();
  return { link_state, links_checked_at: times.at(-1) ?? null };
}
