import { type Options, hash, verify } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which isolated modules cannot read: 2 is its Argon2id.
const ARGON2ID = 2 as Options['algorithm'];

// OWASP's argon2id baseline (19 MiB, 2 passes): slow enough against offline guessing, fast enough for a login.
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a password that matches nothing, not a server error for the client.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown email cannot be told from a wrong password by timing. */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('an unguessable placeholder password');
  await verifyPassword(await dummyHash, password);
  return false;
}
