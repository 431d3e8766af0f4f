import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
// `Kysely<any>` is the documented type for migrations, which run against every past schema.

/* eslint-disable @typescript-eslint/no-explicit-any */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const idType = pg ? 'serial' : 'integer';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('users')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('biography', 'text')
    .addColumn('coupon', 'varchar(60)')
    .addColumn('avatar', 'text')
    .addColumn('role', 'varchar(10)', (c) => c.notNull().defaultTo('user'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('users_username_key').on('users').unique().expression(sql`lower(username)`).execute();
  await db.schema.createIndex('users_email_key').on('users').unique().column('email').execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema.createIndex('access_tokens_user').on('access_tokens').column('user_id').execute();

  await db.schema
    .createTable('brands')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('slug', 'varchar(140)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('slug', 'varchar(140)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('link_hacoo', 'text', (c) => c.notNull())
    .addColumn('link_dhgate', 'text')
    .addColumn('link_cnfans', 'text')
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    .addColumn('colors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('products_visible_recent').on('products').columns(['hidden', 'id']).execute();
  await db.schema.createIndex('products_featured').on('products').columns(['featured', 'hidden', 'id']).execute();
  await db.schema.createIndex('products_brand').on('products').columns(['brand_id', 'hidden', 'id']).execute();
  await db.schema.createIndex('products_user').on('products').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_categories_pk', ['category_id', 'product_id'])
    .execute();
  await db.schema.createIndex('product_categories_product').on('product_categories').column('product_id').execute();

  // Full text: the text is accent-folded and lower-cased by the app before it is written, so both
  // engines index the same words. SQLite uses FTS5 keyed by the product id as rowid; PostgreSQL a
  // weighted tsvector with a GIN index.
  if (pg) {
    await db.schema
      .createTable('product_search')
      .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
      .addColumn('document', sql`tsvector`, (c) => c.notNull())
      .execute();
    await sql`create index product_search_document on product_search using gin (document)`.execute(db);
  } else {
    await sql`create virtual table product_search using fts5(title, brand, categories, description, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  }

  await db.schema
    .createTable('valorations')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stars', 'integer', (c) => c.notNull().check(sql`stars between 1 and 5`))
    .addColumn('review', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('valorations_one_per_user', ['product_id', 'user_id'])
    .execute();
  await db.schema.createIndex('valorations_user').on('valorations').column('user_id').execute();

  await db.schema
    .createTable('favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'product_id'])
    .execute();
  await db.schema.createIndex('favourites_product').on('favourites').column('product_id').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('visitor', 'varchar(80)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('reports_one_per_visitor', ['product_id', 'visitor'])
    .execute();
  await db.schema.createIndex('reports_status').on('reports').columns(['status', 'product_id']).execute();

  await db.schema
    .createTable('downloads')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('visitor', 'varchar(80)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('downloads_pk', ['product_id', 'visitor', 'day'])
    .execute();

  await db.schema
    .createTable('profile_visits')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('visitor', 'varchar(80)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('profile_visits_pk', ['user_id', 'visitor', 'day'])
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('visitor', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'settings', 'contact_messages', 'profile_visits', 'downloads', 'reports', 'favourites', 'valorations',
    'product_search', 'product_categories', 'products', 'categories', 'brands', 'access_tokens', 'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
