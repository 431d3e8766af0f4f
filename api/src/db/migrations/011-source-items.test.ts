import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productIdentity } from '../../features/agent-links/product-identity.js';
import { connectDatabase, type DatabaseHandle } from '../connect.js';
import { migrateToLatest, migrateUpTo } from '../migrate.js';
import { createPostgresTestDatabase, testDialect } from '../../test/test-app.js';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = connectDatabase(testDialect === 'postgres' ? await createPostgresTestDatabase() : 'sqlite::memory:', { poolSize: 1 });
});
afterAll(() => handle.db.destroy());

const OLDER_PRODUCTS = [
  { link_hacoo: 'https://www.hacoo.com/product/123456789', link_dhgate: 'https://www.dhgate.com/product/red-boots/912345678.html', link_cnfans: 'https://cnfans.com/product/?shop_type=weidian&id=7233464590' },
  { link_hacoo: 'https://hacoo.app.link/AbCdEf12345', link_dhgate: null, link_cnfans: 'https://cnfans.com/product/?shop_type=ali_1688&id=610947572360' },
  { link_hacoo: 'https://m.saramart.com/goods/55555.html?ref=x', link_dhgate: 'https://dhgate.to/xYz', link_cnfans: 'https://www.cnfans.com/product?id=681234567890&platform=TAOBAO' },
  { link_hacoo: 'https://www.hacoo.com/product/1', link_dhgate: null, link_cnfans: 'https://cnfans.com/register' },
  { link_hacoo: 'https://www.hacoo.com/product/2', link_dhgate: null, link_cnfans: null },
];

describe('migration 011: source items and store item keys', () => {
  it('gives every older product the identity the app would give its links today', async () => {
    const { db } = handle;
    await migrateUpTo(db, '010-counted-reviews');
    const owner = await db.insertInto('users').values({ username: 'owner', email: 'owner@example.com', password_hash: 'x', name: 'owner' }).returning('id').executeTakeFirstOrThrow();
    const brand = await db.insertInto('brands').values({ slug: 'nike', name: 'Nike', image: null }).returning('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    for (const [i, links] of OLDER_PRODUCTS.entries()) {
      await db
        .insertInto('products')
        .values({
          slug: `p${i}`, title: `P${i}`, brand_id: brand.id, description: 'd', ...links,
          image: `products/${i}.webp`, thumbnail: `products/${i}-thumb.webp`, colors: '[]', user_id: owner.id, created_at: now, updated_at: now,
        } as never)
        .execute();
    }

    await migrateToLatest(db);
    const rows = await db
      .selectFrom('products')
      .select(['link_hacoo', 'link_dhgate', 'link_cnfans', 'source_marketplace', 'source_item_id', 'hacoo_item', 'dhgate_item'])
      .orderBy('id')
      .execute();
    // The frozen copy of the rules agrees with the app's own.
    for (const row of rows) {
      const { link_hacoo, link_dhgate, link_cnfans, ...identity } = row;
      expect(identity, link_cnfans ?? link_hacoo).toEqual(productIdentity({ linkHacoo: link_hacoo, linkDhgate: link_dhgate, linkCnfans: link_cnfans }));
    }
    expect(rows.map((r) => [r.source_marketplace, r.source_item_id])).toEqual([
      ['weidian', '7233464590'], ['1688', '610947572360'], ['taobao', '681234567890'], [null, null], [null, null],
    ]);
  });
});
