import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.js';
import { migrateToLatest, migrateUpTo } from '../migrate.js';
import { createPostgresTestDatabase, testDialect } from '../../test/test-app.js';
import { toIso } from '../sql-helpers.js';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = connectDatabase(testDialect === 'postgres' ? await createPostgresTestDatabase() : 'sqlite::memory:', { poolSize: 1 });
});
afterAll(() => handle.db.destroy());

describe('migration 013: photos', () => {
  it('gives every older product its picture as its one cover photo, dated with the product, and reviews no photos', async () => {
    const { db } = handle;
    await migrateUpTo(db, '011-source-items');
    const owner = await db.insertInto('users').values({ username: 'owner', email: 'owner@example.com', password_hash: 'x', name: 'owner' }).returning('id').executeTakeFirstOrThrow();
    const brand = await db.insertInto('brands').values({ slug: 'nike', name: 'Nike', image: null }).returning('id').executeTakeFirstOrThrow();
    const dates = ['2024-01-02T03:04:05.000Z', '2025-06-07T08:09:10.000Z'];
    const ids: number[] = [];
    for (const [i, createdAt] of dates.entries()) {
      const { id } = await db
        .insertInto('products')
        .values({
          slug: `p${i}`, title: `P${i}`, brand_id: brand.id, description: 'd', link_hacoo: `https://www.hacoo.com/product/${i}`,
          image: `products/${i}.webp`, thumbnail: `products/${i}-thumb.webp`, colors: '[]', user_id: owner.id, created_at: createdAt, updated_at: createdAt,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    const reviewer = await db.insertInto('users').values({ username: 'reviewer', email: 'r@example.com', password_hash: 'x', name: 'r' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('valorations').values({ product_id: ids[0] ?? 0, user_id: reviewer.id, stars: 4, review: 'ok', created_at: dates[1] ?? '', updated_at: dates[1] ?? '' } as never).execute();

    await migrateToLatest(db);
    const photos = await db.selectFrom('product_photos').select(['product_id', 'position', 'image', 'thumbnail', 'alt', 'qc', 'created_at']).orderBy('product_id').execute();
    expect(photos.map((p) => ({ ...p, created_at: toIso(p.created_at) }))).toEqual(ids.map((id, i) => ({
      product_id: id, position: 0, image: `products/${i}.webp`, thumbnail: `products/${i}-thumb.webp`, alt: '', qc: 0, created_at: dates[i],
    })));
    expect(await db.selectFrom('review_photos').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('valorations').select(['photos_removed_statement', 'photos_removed_at']).execute()).toEqual([{ photos_removed_statement: null, photos_removed_at: null }]);

    // Photos go with their product and their review.
    await db.deleteFrom('products').where('id', '=', ids[1] ?? 0).execute();
    expect(await db.selectFrom('product_photos').select('product_id').execute()).toEqual([{ product_id: ids[0] }]);
  });
});
