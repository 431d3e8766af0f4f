import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
// `Kysely<any>` is the documented type for migrations, which run against every past schema.

/* eslint-disable @typescript-eslint/no-explicit-any */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The writes that can change the vocabulary; download counts and the like must not invalidate it. */
const SOURCES = [
  { table: 'products', columns: 'title, hidden' },
  { table: 'brands', columns: 'name' },
  { table: 'categories', columns: 'name' },
] as const;

/**
 * The catalogue's vocabulary for typo correction (features/search): the folded words of visible product
 * titles, brand names and category names. Folding accents and splitting words cannot be done in a SQLite
 * trigger, so the triggers only bump `version`; the next correction rebuilds the words when `built` lags.
 * That keeps it right whoever writes (the app, the seed, an admin action) without touching each writer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.createTable('search_vocabulary').addColumn('word', 'varchar(100)', (c) => c.primaryKey()).execute();
  await db.schema
    .createTable('search_vocabulary_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('built', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('search_vocabulary_state').values({ id: 1, version: 1, built: 0 }).execute();

  if (pg) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index search_vocabulary_trgm on search_vocabulary using gin (word gin_trgm_ops)`.execute(db);
    await sql`create function search_vocabulary_touch() returns trigger language plpgsql as $$
      begin update search_vocabulary_state set version = version + 1 where id = 1; return null; end $$`.execute(db);
    for (const { table, columns } of SOURCES) {
      await sql.raw(`create trigger ${table}_search_vocabulary after insert or delete or update of ${columns} on ${table}
        for each statement execute function search_vocabulary_touch()`).execute(db);
    }
  } else {
    // pg_trgm's matching, by hand: each word's padded trigrams, looked up by trigram.
    await db.schema
      .createTable('search_vocabulary_trigrams')
      .addColumn('trigram', 'text', (c) => c.notNull())
      .addColumn('word', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_vocabulary_trigrams_pk', ['trigram', 'word'])
      .modifyEnd(sql`without rowid`)
      .execute();
    const touch = 'update search_vocabulary_state set version = version + 1 where id = 1;';
    for (const { table, columns } of SOURCES) {
      await sql.raw(`create trigger ${table}_search_vocabulary_insert after insert on ${table} begin ${touch} end`).execute(db);
      await sql.raw(`create trigger ${table}_search_vocabulary_delete after delete on ${table} begin ${touch} end`).execute(db);
      await sql.raw(`create trigger ${table}_search_vocabulary_update after update of ${columns} on ${table} begin ${touch} end`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const { table } of SOURCES) await sql.raw(`drop trigger if exists ${table}_search_vocabulary on ${table}`).execute(db);
    await sql`drop function if exists search_vocabulary_touch()`.execute(db);
  } else {
    for (const { table } of SOURCES) {
      for (const kind of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_search_vocabulary_${kind}`).execute(db);
    }
    await db.schema.dropTable('search_vocabulary_trigrams').ifExists().execute();
  }
  await db.schema.dropTable('search_vocabulary_state').ifExists().execute();
  await db.schema.dropTable('search_vocabulary').ifExists().execute();
}
