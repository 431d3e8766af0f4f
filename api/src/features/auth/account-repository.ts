import type { Kysely, Updateable } from 'kysely';
import type { Role } from '@linkhunt/contracts/user';
import type { Database, UsersTable } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';
import { usernameIs } from '../../db/usernames.js';

type Db = Kysely<Database>;

export interface NewAccount {
  username: string;
  email: string;
  passwordHash: string;
  /** Left out: the column's default. */
  language?: string;
  role?: Role;
}

/** A new account, named after its username until its owner changes the name. Fails on a username or address already taken (unique indexes). */
export async function insertAccount(db: Db, account: NewAccount): Promise<number> {
  const { username, email, passwordHash, language, role } = account;
  const row = await db
    .insertInto('users')
    .values({ username, email, name: username, password_hash: passwordHash, language, role, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a sign-in checks of the account with this (normalised) address. */
export async function findCredentials(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'password_hash', 'suspended_at', 'suspension_reason']).where('email', '=', email).executeTakeFirst();
}

/** What a profile update needs to know before it writes: the password to check, and the avatar it may replace. */
export async function findPasswordAndAvatar(db: Db, id: number) {
  return db.selectFrom('users').select(['password_hash', 'avatar']).where('id', '=', id).executeTakeFirst();
}

/** Columns of an account row to change; those left out stay. */
export type AccountChanges = Updateable<UsersTable>;

export async function updateAccount(db: Db, id: number, changes: AccountChanges): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** The usernames and addresses of the accounts that have either this username (in any case) or this address. */
export async function accountsNamedOrAt(db: Db, username: string, email: string) {
  return db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) => eb.or([usernameIs(username), eb('email', '=', email)]))
    .execute();
}

/**
 * Marks an address verified (kept as it was when it already is). Also for accounts an operator vouches for:
 * the demo accounts and those `admin:create` makes. From then on the account's reviews count in ratings:
 * ratings are read from the reviews (product-repository.ts, countedValorations), and the change moves the
 * listing index's version (migration 010), so sort=rating and min_rating follow at once, whichever of the
 * three ways (an operator, POST /auth/verify, a password reset) verified the address.
 */
export async function markVerified(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: nowIso() }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}
