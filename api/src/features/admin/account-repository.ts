import { type Kysely, sql } from 'kysely';
import type { ModeratedUser, UserQuery } from '@linkhunt/contracts/moderation';
import type { Pagination } from '@linkhunt/contracts/common';
import type { Role } from '@linkhunt/contracts/user';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { countAll, toIso } from '../../db/sql-helpers.js';
import { pageOfRows, paginationOf } from '../../db/paging.js';

type Db = Kysely<Database>;

function selectModeratedUsers(db: Db) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'users.id', 'users.username', 'users.name', 'users.email', 'users.role', 'users.email_verified_at', 'users.created_at',
      'users.suspended_at', 'users.suspension_reason',
      eb.selectFrom('products').select(countAll().as('n')).whereRef('products.user_id', '=', 'users.id').as('products'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectModeratedUsers>['executeTakeFirstOrThrow']>>;

function toModeratedUser(row: Row): ModeratedUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    verified: row.email_verified_at !== null,
    created_at: toIso(row.created_at),
    suspended_at: row.suspended_at === null ? null : toIso(row.suspended_at),
    suspension_reason: row.suspension_reason,
    products: Number(row.products ?? 0),
  };
}

export async function findModeratedUser(db: Db, id: number): Promise<ModeratedUser | null> {
  const row = await selectModeratedUsers(db).where('users.id', '=', id).executeTakeFirst();
  return row ? toModeratedUser(row) : null;
}

/** `%text%` for LIKE, with the text's own wildcards matched literally (see the `escape '\'` beside it). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts newest first, narrowed to a part of a username, display name or address, and to active or suspended. */
export async function pageOfModeratedUsers(db: Db, query: UserQuery): Promise<{ data: ModeratedUser[]; pagination: Pagination }> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  let rows = selectModeratedUsers(db);
  const q = query.q?.trim().replace(/^@/, '');
  if (q) {
    const pattern = containing(q);
    rows = rows.where((eb) =>
      eb.or(['users.username', 'users.name', 'users.email'].map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql<string>`${pattern} escape '\\'`))),
    );
  }
  if (query.status === 'suspended') rows = rows.where('users.suspended_at', 'is not', null);
  if (query.status === 'active') rows = rows.where('users.suspended_at', 'is', null);
  const { rows: found, total } = await pageOfRows(rows.orderBy('users.id', 'desc'), page, perPage);
  const data = found.map(toModeratedUser);
  return { data, pagination: paginationOf(total, data.length, page, perPage) };
}

/**
 * The account's row for the rest of the transaction, locked on PostgreSQL so that two moderators acting on it
 * take turns (SQLite runs one write transaction at a time anyway). Undefined: no such account.
 */
export async function lockAccount(trx: Db, dialect: DialectName, id: number) {
  const query = trx.selectFrom('users').select(['id', 'username', 'role', 'suspended_at']).where('id', '=', id);
  return (dialect === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/** Suspends the account with the reason it is told, or (null) lifts its suspension. */
export async function setSuspension(db: Db, id: number, suspension: { at: string; reason: string } | null): Promise<void> {
  await db.updateTable('users').set({ suspended_at: suspension?.at ?? null, suspension_reason: suspension?.reason ?? null }).where('id', '=', id).execute();
}

export async function setRole(db: Db, id: number, role: Role): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', id).execute();
}

export async function findAccountByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'username']).where('email', '=', email).executeTakeFirst();
}
