import type { Kysely } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue "Open it in my agent": a product keeps the source item its agent link names (marketplace and item id),
 * and a key per Hacoo and DHGate link (features/agent-links/store-item-keys.ts), so an upload of something
 * already listed is found by index. `users.preferred_agent` is the agent whose links a user is offered first.
 *
 * Rows that exist are filled here with a frozen copy of the rules for the links they can hold: CNFans links
 * (`cnfans.com/product/?shop_type=…&id=…`, the only agent links accepted before) and Hacoo and DHGate links.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of ['source_marketplace', 'source_item_id', 'hacoo_item', 'dhgate_item']) {
    await db.schema.alterTable('products').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('users').addColumn('preferred_agent', 'text').execute();
  await db.schema.createIndex('products_source_item').on('products').columns(['source_item_id', 'source_marketplace']).execute();
  await db.schema.createIndex('products_hacoo_item').on('products').column('hacoo_item').execute();
  await db.schema.createIndex('products_dhgate_item').on('products').column('dhgate_item').execute();

  const rows: { id: number; link_hacoo: string; link_dhgate: string | null; link_cnfans: string | null }[] = await db
    .selectFrom('products')
    .select(['id', 'link_hacoo', 'link_dhgate', 'link_cnfans'])
    .execute();
  for (const row of rows) {
    const source = cnfansItem(row.link_cnfans);
    await db
      .updateTable('products')
      .set({
        source_marketplace: source?.marketplace ?? null,
        source_item_id: source?.id ?? null,
        hacoo_item: storeKey(row.link_hacoo, /\/(?:product|goods)\/(\d{4,})(?:[/.]|$)/i, ['goods_id', 'goodsid', 'productid', 'product_id'], 'hacoo'),
        dhgate_item: row.link_dhgate ? storeKey(row.link_dhgate, /\/(\d{6,})\.html$/i, ['itemcode', 'item_code'], 'dhgate') : null,
      })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_dhgate_item').execute();
  await db.schema.dropIndex('products_hacoo_item').execute();
  await db.schema.dropIndex('products_source_item').execute();
  await db.schema.alterTable('users').dropColumn('preferred_agent').execute();
  for (const column of ['dhgate_item', 'hacoo_item', 'source_item_id', 'source_marketplace']) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}

const CNFANS_SHOP_TYPES: Record<string, string> = { taobao: 'taobao', tmall: 'taobao', weidian: 'weidian', ali_1688: '1688', '1688': '1688' };

function cnfansItem(link: string | null): { marketplace: string; id: string } | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    const params = new Map([...url.searchParams].map(([name, value]) => [name.toLowerCase().replace(/_/g, ''), value]));
    const marketplace = CNFANS_SHOP_TYPES[(params.get('shoptype') ?? params.get('platform') ?? '').toLowerCase()];
    const id = params.get('id') ?? '';
    return marketplace && /^\d+$/.test(id) ? { marketplace, id } : null;
  } catch {
    return null;
  }
}

function storeKey(link: string, idInPath: RegExp, idParams: string[], store: string): string | null {
  try {
    const url = new URL(link);
    const fromParams = [...url.searchParams].find(([name, value]) => idParams.includes(name.toLowerCase()) && /^\d{4,}$/.test(value))?.[1];
    const id = idInPath.exec(url.pathname)?.[1] ?? fromParams;
    return id ? `${store}:${id}` : `link:${url.hostname.toLowerCase().replace(/^(?:www|m)\./, '')}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}
