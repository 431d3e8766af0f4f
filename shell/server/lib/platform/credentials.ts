import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REMOTE_IDS, type RemoteId } from '@linkhunt/contracts/remotes';

/**
 * Who may use the platform API: credentials kept in `<stateDir>/credentials.json`, each a name, the SHA-256 of
 * its secret (the secret itself is shown once, when made, and never stored) and the remotes it may act on. A
 * team's credential names its own remotes; a staff or CI credential names them all (`*`).
 */
export interface Credential {
  name: string;
  sha256: string;
  remotes: RemoteId[] | ['*'];
  created: string;
}

const FILE = 'credentials.json';

export async function readCredentials(stateDir: string): Promise<Credential[]> {
  const text = await readFile(join(stateDir, FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '{"credentials":[]}';
    throw error;
  });
  return (JSON.parse(text) as { credentials: Credential[] }).credentials;
}

const digest = (secret: string) => createHash('sha256').update(secret).digest();

/** The credential whose secret is `bearer`, compared in constant time; undefined for none. */
export async function credentialOf(stateDir: string, bearer: string | undefined): Promise<Credential | undefined> {
  if (!bearer) return undefined;
  const presented = digest(bearer);
  return (await readCredentials(stateDir)).find((credential) => {
    const stored = Buffer.from(credential.sha256, 'hex');
    return stored.length === presented.length && timingSafeEqual(stored, presented);
  });
}

/** The secret an Authorization header carries (`Bearer <secret>`). */
export function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

export function mayActOn(credential: Credential, remote: RemoteId): boolean {
  return credential.remotes[0] === '*' || (credential.remotes as RemoteId[]).includes(remote);
}

/**
 * Makes a credential for `remotes` (or `*`) and returns its secret, the only time it is seen. A name already
 * taken is replaced: that is how a leaked secret is revoked and renewed.
 */
export async function addCredential(stateDir: string, name: string, remotes: RemoteId[] | ['*']): Promise<string> {
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/i.test(name)) throw new Error(`a credential's name is letters, digits, ".", "_" or "-" (at most 64): ${JSON.stringify(name)}`);
  const unknown = remotes.filter((remote) => remote !== '*' && !REMOTE_IDS.includes(remote));
  if (unknown.length > 0 || remotes.length === 0) throw new Error(`remotes are ${REMOTE_IDS.join(', ')} or * for all; got ${remotes.join(', ') || 'none'}`);
  const secret = `lhp_${randomBytes(24).toString('base64url')}`;
  const credentials = (await readCredentials(stateDir)).filter((credential) => credential.name !== name);
  credentials.push({ name, sha256: digest(secret).toString('hex'), remotes, created: new Date().toISOString() });
  await mkdir(stateDir, { recursive: true });
  const file = join(stateDir, FILE);
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify({ credentials }, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, file);
  return secret;
}
