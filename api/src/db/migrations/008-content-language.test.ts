import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.js';
import { migrateToLatest, migrateUpTo } from '../migrate.js';
import { createPostgresTestDatabase, testDialect } from '../../test/test-app.js';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = connectDatabase(testDialect === 'postgres' ? await createPostgresTestDatabase() : 'sqlite::memory:', { poolSize: 1 });
});
afterAll(() => handle.db.destroy());

describe('migration 008: the language of content', () => {
  it('makes every older product Spanish and every older review the reviewer\'s account language', async () => {
    const { db } = handle;
    await migrateUpTo(db, '006-link-health');
    const user = (username: string, language: string) =>
      db.insertInto('users').values({ username, email: `${username}@example.com`, password_hash: 'x', name: username, language }).returning('id').executeTakeFirstOrThrow();
    const [owner, german, french] = [await user('owner', 'en'), await user('german', 'de'), await user('french', 'fr')];
    const brand = await db.insertInto('brands').values({ slug: 'nike', name: 'Nike', image: null }).returning('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const product = await db
      .insertInto('products')
      .values({
        slug: 'chaqueta', title: 'Chaqueta', brand_id: brand.id, description: 'Abriga', link_hacoo: 'https://www.hacoo.com/p/1', link_dhgate: null,
        link_cnfans: null, image: 'products/c.webp', thumbnail: 'products/c-thumb.webp', colors: '[]', user_id: owner.id, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const reviewer of [german, french]) {
      await db.insertInto('valorations').values({ product_id: product.id, user_id: reviewer.id, stars: 5, review: 'ok', created_at: now, updated_at: now }).execute();
    }

    await migrateToLatest(db);
    // The uploader's account is English, but everything uploaded before languages were recorded is Spanish.
    expect(await db.selectFrom('products').select('language').where('id', '=', product.id).executeTakeFirstOrThrow()).toEqual({ language: 'es' });
    const reviews = await db.selectFrom('valorations').select(['user_id', 'language']).orderBy('user_id').execute();
    expect(reviews).toEqual([{ user_id: german.id, language: 'de' }, { user_id: french.id, language: 'fr' }]);
  });
});
