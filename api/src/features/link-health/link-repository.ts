import type { Kysely } from 'kysely';
import { STORES, type Store } from '@linkhunt/contracts/limits';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../db/sql-helpers.js';
import { STORE_LINK_COLUMN } from './store-links.js';
import { slotAfter, slotOffset } from './schedule.js';

type Db = Kysely<Database>;

export type StoreLinks = Record<Store, string | null>;

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

interface LinkRow {
  product_id: number;
  platform: Store;
  url: string;
  host: string;
  next_check_at: string;
}

/**
 * Makes `rows` the links to check: a new link, or a link whose address changed, starts over (no verdict,
 * no streak, no lease: a check of the old address that is still running is then thrown away).
 */
async function upsertLinkRows(db: Db, rows: readonly LinkRow[]): Promise<void> {
  if (rows.length === 0) return;
  const hosts = [...new Set(rows.map((r) => r.host))];
  await db.insertInto('link_check_hosts').values(hosts.map((host) => ({ host }))).onConflict((oc) => oc.column('host').doNothing()).execute();
  await db
    .insertInto('link_checks')
    .values(rows.map((r) => ({ ...r })))
    .onConflict((oc) =>
      oc
        .columns(['product_id', 'platform'])
        .doUpdateSet((eb) => ({
          url: eb.ref('excluded.url'),
          host: eb.ref('excluded.host'),
          next_check_at: eb.ref('excluded.next_check_at'),
          verdict: null,
          verdict_at: null,
          gone_since: null,
          gone_count: 0,
          unknown_count: 0,
          lease_owner: null,
          lease_until: null,
        }))
        .whereRef('link_checks.url', '!=', 'excluded.url'),
    )
    .execute();
}

/**
 * Called in the transaction that writes a product: its links are checked as soon as the checker gets to
 * them (an uploader wants to see them verified), a link removed stops being checked.
 */
export async function writeProductLinks(trx: Db, productId: number, links: StoreLinks, now = new Date()): Promise<void> {
  const due = now.toISOString();
  const rows = STORES.flatMap((platform): LinkRow[] => {
    const url = links[platform];
    const host = url ? hostOf(url) : null;
    return url && host ? [{ product_id: productId, platform, url, host, next_check_at: due }] : [];
  });
  const kept = rows.map((r) => r.platform);
  let removed = trx.deleteFrom('link_checks').where('product_id', '=', productId);
  if (kept.length > 0) removed = removed.where('platform', 'not in', kept);
  await removed.execute();
  await upsertLinkRows(trx, rows);
}

const SYNC_BATCH = 500;

/**
 * Gives every product link that has no row (a database from before the checker, or rows lost) its row,
 * first checked at its own moment of the interval so that a whole catalogue does not start at once.
 * Idempotent: every instance runs it on start. Returns how many rows it wrote.
 */
export async function syncLinkRows(db: Db, intervalMs: number, now = Date.now()): Promise<number> {
  let written = 0;
  for (const platform of STORES) {
    const column = STORE_LINK_COLUMN[platform];
    const missing = await db
      .selectFrom('products')
      .leftJoin('link_checks', (join) => join.onRef('link_checks.product_id', '=', 'products.id').on('link_checks.platform', '=', platform))
      .select(['products.id', `products.${column} as url`])
      .where(`products.${column}`, 'is not', null)
      .where(`products.${column}`, '!=', '')
      .where((eb) => eb.or([eb('link_checks.product_id', 'is', null), eb('link_checks.url', '!=', eb.ref(`products.${column}`))]))
      .execute();
    const rows = missing.flatMap((m): LinkRow[] => {
      const host = m.url ? hostOf(m.url) : null;
      if (!m.url || !host) return [];
      const at = slotAfter(now, slotOffset(m.id, platform, intervalMs), intervalMs);
      return [{ product_id: m.id, platform, url: m.url, host, next_check_at: toIso(at) }];
    });
    for (let i = 0; i < rows.length; i += SYNC_BATCH) await upsertLinkRows(db, rows.slice(i, i + SYNC_BATCH));
    written += rows.length;
  }
  return written;
}
