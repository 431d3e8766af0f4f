import { readFileSync } from 'node:fs';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@linkhunt/contracts/user';
import { type ApiText, text } from '../../i18n/api-text.js';

export const PASSWORD_TOO_COMMON = text('auth.password_too_common');

// The build copies no data files into dist/, so the list is read from src/: this path, relative to the
// module, lands on the same file from src/features/auth and from dist/features/auth.
const LIST_URL = new URL('../../../src/features/auth/common-passwords.txt', import.meta.url);

let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(LIST_URL, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

/** Whether the password is one of the most used ones, in any case: "PASSWORD1" falls to a guess as fast as "password1". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The first rule a new password breaks, in the words the API answers with, or null. The request schemas
 * check the length for the API's own forms; this is for the other ways in (the admin command).
 */
export function passwordProblem(password: string): ApiText | null {
  if (password.length < PASSWORD_MIN_LENGTH) return text('validation.min_length', { field: 'password', count: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH) return text('validation.max_length', { field: 'password', count: PASSWORD_MAX_LENGTH });
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return null;
}
