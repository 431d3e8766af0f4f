import type { Kysely } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * `withdrawn`: a moderator removed the product for illegal content. It is hidden too (hidden = 1), but where a
 * merely unavailable product (dead links, a suspended uploader, another ground) still shows as unavailable, a
 * withdrawn one answers 410 with nothing of its own (text, images, card, reviews) to anyone but its uploader and
 * moderators. Every request for a product picture now asks which products show that file (by `image` or
 * `thumbnail`), hence the two indexes (they also serve the check that a replaced file is no longer used).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('withdrawn', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('products_image').on('products').column('image').execute();
  await db.schema.createIndex('products_thumbnail').on('products').column('thumbnail').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_thumbnail').execute();
  await db.schema.dropIndex('products_image').execute();
  await db.schema.alterTable('products').dropColumn('withdrawn').execute();
}
