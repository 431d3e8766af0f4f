import type { Kysely } from 'kysely';
import { USERNAME_PATTERN } from '@linkhunt/contracts/user';
import type { Database } from '../../db/schema.js';
import { findUserIdByUsername } from '../../db/usernames.js';
import { insertAccount } from '../auth/account-repository.js';
import { passwordProblem } from '../auth/password-rules.js';
import { hashPassword } from '../auth/passwords.js';
import { normaliseEmail } from '../auth/uniqueness.js';
import { translator } from '../../i18n/translator.js';
import { findAccountByEmail, setRole } from './account-repository.js';

export interface CreateAdminInput {
  email: string;
  /** Needed only when no account has this email yet. */
  username?: string;
  password?: string;
}

export interface CreateAdminResult {
  id: number;
  username: string;
  /** false: an existing account was promoted, its password left as it was. */
  created: boolean;
}

/** A mistake in the command's arguments, said in words for the operator. */
export class CreateAdminError extends Error {}

/**
 * Makes the account with this email an admin, or creates an admin account when there is none. There is
 * no API for this on purpose: the first admin can only come from someone with access to the server.
 */
export async function createAdmin(db: Kysely<Database>, input: CreateAdminInput): Promise<CreateAdminResult> {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new CreateAdminError(`"${input.email}" is not an email address.`);

  const existing = await findAccountByEmail(db, email);
  if (existing) {
    await setRole(db, existing.id, 'admin');
    return { ...existing, created: false };
  }

  const { username, password } = input;
  if (!username || !new RegExp(USERNAME_PATTERN).test(username)) {
    throw new CreateAdminError('A new admin needs --username: 3 to 30 letters, digits, dots, dashes or underscores.');
  }
  if (!password) throw new CreateAdminError('A new admin needs --password.');
  // The same rules as a password chosen through the API: an admin account is the last one to leave guessable.
  const problem = passwordProblem(password);
  if (problem) throw new CreateAdminError(`A new admin needs a better --password: ${translator('en')(problem)}`);
  if ((await findUserIdByUsername(db, username)) !== null) throw new CreateAdminError(`The username "${username}" belongs to another account.`);

  const id = await insertAccount(db, { username, email, passwordHash: await hashPassword(password), role: 'admin' });
  return { id, username, created: true };
}
