import { type Kysely, sql } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
// `Kysely<any>` is the documented type for migrations, which run against every past schema.

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The language user text is written in, so pages can mark it (`lang`) inside a page of another language.
 * Products: every product so far is Spanish (the demo catalogue and the older uploads), so they get 'es'.
 * Reviews: the reviewer's account language, the best guess there is for reviews written before this.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('es')).execute();
  await db.schema.alterTable('valorations').addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('es')).execute();
  await sql`update valorations set language = (select users.language from users where users.id = valorations.user_id)
    where exists (select 1 from users where users.id = valorations.user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('valorations').dropColumn('language').execute();
  await db.schema.alterTable('products').dropColumn('language').execute();
}
