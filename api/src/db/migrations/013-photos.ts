import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue "Finds people can judge": a product has a gallery of up to 8 photos (the first is its cover, whose files
 * products.image and products.thumbnail keep naming, so lists and share cards read them as before), each with alt
 * text and a QC flag; a review has up to 4 photos, which a moderator may remove with a statement of reasons kept on
 * the review. Every product that exists gets its picture as its one cover photo.
 *
 * The image guard and the "is this file still used" checks look photos up by path, hence the indexes on them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = pg ? 'serial' : 'integer';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('product_photos')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('qc', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('product_photos_product').on('product_photos').columns(['product_id', 'position']).execute();
  await db.schema.createIndex('product_photos_image').on('product_photos').column('image').execute();
  await db.schema.createIndex('product_photos_thumbnail').on('product_photos').column('thumbnail').execute();

  await db.schema
    .createTable('review_photos')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('valoration_id', 'integer', (c) => c.notNull().references('valorations.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('review_photos_valoration').on('review_photos').columns(['valoration_id', 'position']).execute();
  await db.schema.createIndex('review_photos_image').on('review_photos').column('image').execute();
  await db.schema.createIndex('review_photos_thumbnail').on('review_photos').column('thumbnail').execute();

  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('valorations').addColumn('photos_removed_statement', 'text').execute();
  await db.schema.alterTable('valorations').addColumn('photos_removed_at', timestamp).execute();

  // The photo of each existing product becomes its cover, dated with the product (a day's photo count reads created_at).
  await sql`insert into product_photos (product_id, position, image, thumbnail, alt, qc, created_at)
    select id, 0, image, thumbnail, '', 0, created_at from products`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('valorations').dropColumn('photos_removed_at').execute();
  await db.schema.alterTable('valorations').dropColumn('photos_removed_statement').execute();
  await db.schema.dropTable('review_photos').execute();
  await db.schema.dropTable('product_photos').execute();
}
