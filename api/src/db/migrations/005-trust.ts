import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations never import application code: they must keep working as the app changes.
// `Kysely<any>` is the documented type for migrations, which run against every past schema.

/* eslint-disable @typescript-eslint/no-explicit-any */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Trust and moderation: verified e-mail addresses, one-time mail tokens (verification, password reset),
 * suspended accounts, report reasons (EU DSA Art. 16 notices), statements of reasons for hidden products,
 * appeals against them, and an append-only audit log of every moderator action.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const idType = pg ? 'serial' : 'integer';
  const timestamp = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema.alterTable('users').addColumn('email_verified_at', timestamp).execute();
  // Mail goes out in the language the account was made in (es, the site's default, for older accounts).
  await db.schema.alterTable('users').addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('es')).execute();
  await db.schema.alterTable('users').addColumn('suspended_at', timestamp).execute();
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();
  // Accounts made before verification existed were never asked to verify; they keep what they had.
  await db.updateTable('users').set({ email_verified_at: sql`created_at` }).execute();

  await db.schema
    .createTable('mail_tokens')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema.createIndex('mail_tokens_user').on('mail_tokens').columns(['user_id', 'purpose']).execute();

  // `reason` held free text; it now names the kind of notice and the text moves to `details`.
  await db.schema.alterTable('reports').addColumn('details', 'text').execute();
  await db.schema.alterTable('reports').addColumn('contact_email', 'varchar(254)').execute();
  await db.schema.alterTable('reports').addColumn('good_faith', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.updateTable('reports').set({ details: sql`reason`, reason: 'broken_link' }).execute();

  await db.schema
    .createTable('moderation_decisions')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('moderator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(12)', (c) => c.notNull())
    .addColumn('statement', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('moderation_decisions_product').on('moderation_decisions').columns(['product_id', 'id']).execute();

  await db.schema
    .createTable('appeals')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('decision_id', 'integer', (c) => c.notNull().unique().references('moderation_decisions.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', timestamp)
    .execute();
  await db.schema.createIndex('appeals_status').on('appeals').columns(['status', 'product_id']).execute();

  // No foreign keys: the log outlives the people and products it names, and a cascade would be an edit.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_username', 'varchar(30)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id']).execute();
  if (pg) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    for (const kind of ['update', 'delete']) {
      await sql.raw(`create trigger audit_log_no_${kind} before ${kind} on audit_log begin select raise(abort, 'audit_log is append-only'); end`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists audit_log_append_only on audit_log`.execute(db);
    await sql`drop function if exists audit_log_append_only()`.execute(db);
  } else {
    for (const kind of ['update', 'delete']) await sql.raw(`drop trigger if exists audit_log_no_${kind}`).execute(db);
  }
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('appeals').ifExists().execute();
  await db.schema.dropTable('moderation_decisions').ifExists().execute();
  await db.schema.dropTable('mail_tokens').ifExists().execute();
  await db.updateTable('reports').set({ reason: sql`details` }).execute();
  for (const column of ['good_faith', 'contact_email', 'details']) await db.schema.alterTable('reports').dropColumn(column).execute();
  for (const column of ['suspension_reason', 'suspended_at', 'language', 'email_verified_at']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
