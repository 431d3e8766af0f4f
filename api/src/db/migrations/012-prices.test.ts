import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.js';
import { migrateToLatest, migrateUpTo } from '../migrate.js';
import { createPostgresTestDatabase, testDialect } from '../../test/test-app.js';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = connectDatabase(testDialect === 'postgres' ? await createPostgresTestDatabase() : 'sqlite::memory:', { poolSize: 1 });
});
afterAll(() => handle.db.destroy());

const version = async () => Number((await sql<{ version: number }>`select version from listing_index_state where id = 1`.execute(handle.db)).rows[0]?.version);

describe('migration 012: prices', () => {
  it('leaves older products without a price and accounts without a currency, and a price write moves the listing version', async () => {
    const { db } = handle;
    await migrateUpTo(db, '011-source-items');
    const owner = await db.insertInto('users').values({ username: 'owner', email: 'owner@example.com', password_hash: 'x', name: 'owner' }).returning('id').executeTakeFirstOrThrow();
    const brand = await db.insertInto('brands').values({ slug: 'nike', name: 'Nike', image: null }).returning('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const product = await db
      .insertInto('products')
      .values({
        slug: 'gorra', title: 'Gorra', brand_id: brand.id, description: 'd', link_hacoo: 'https://www.hacoo.com/product/1', link_dhgate: null, link_cnfans: null,
        image: 'products/g.webp', thumbnail: 'products/g-thumb.webp', colors: '[]', user_id: owner.id, created_at: now, updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();

    await migrateToLatest(db);
    expect(await db.selectFrom('products').select(['price_minor', 'price_currency']).where('id', '=', product.id).executeTakeFirstOrThrow()).toEqual({ price_minor: null, price_currency: null });
    expect(await db.selectFrom('users').select('preferred_currency').where('id', '=', owner.id).executeTakeFirstOrThrow()).toEqual({ preferred_currency: null });
    expect(await db.selectFrom('exchange_rates').selectAll().execute()).toEqual([]);

    const before = await version();
    await db.updateTable('products').set({ price_minor: 1999, price_currency: 'USD' }).where('id', '=', product.id).execute();
    expect(await version()).toBeGreaterThan(before);
    // A write that touches no listed column leaves the version alone.
    const after = await version();
    await db.updateTable('products').set({ title: 'Gorra roja' }).where('id', '=', product.id).execute();
    expect(await version()).toBe(after);

    await db.insertInto('exchange_rates').values({ currency: 'USD', per_euro: 1.0850123456789, rate_date: '2026-11-02', fetched_at: now }).execute();
    // Kept to the full double precision on both databases.
    expect((await db.selectFrom('exchange_rates').select('per_euro').executeTakeFirstOrThrow()).per_euro).toBe(1.0850123456789);
  });

  it('goes back down and up again', async () => {
    const { db } = handle;
    await migrateUpTo(db, '011-source-items');
    await expect(db.selectFrom('exchange_rates').selectAll().execute()).rejects.toThrow();
    await expect(sql`select price_minor from products`.execute(db)).rejects.toThrow();
    await migrateToLatest(db);
    expect(await db.selectFrom('products').select(['price_minor', 'price_currency']).execute()).toEqual([{ price_minor: null, price_currency: null }]);
  });
});
