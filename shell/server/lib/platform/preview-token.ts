import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteEntries } from '@linkhunt/contracts/platform';
import { REMOTE_IDS, type RemoteId } from '@linkhunt/contracts/remotes';

/** What a preview token says: the entries it overrides, until when (epoch seconds), and who asked for it. */
export interface PreviewClaims {
  remotes: RemoteEntries;
  exp: number;
  by: string;
}

/**
 * A token is `<claims as base64url JSON>.<HMAC-SHA256 of that part, base64url>`. Not a JWT library: the token
 * only ever goes from this server to this server, with one key and one algorithm, so there is no header to
 * negotiate and nothing a library would check that this does not.
 */
export function signPreview(claims: PreviewClaims, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(body, key)}`;
}

const mac = (body: string, key: Buffer) => createHmac('sha256', key).update(body).digest('base64url');

/** The token's claims, or why it is refused (tampered, malformed, expired). */
export function verifyPreview(token: string, key: Buffer, nowSeconds: number): { claims: PreviewClaims } | { refused: string } {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { refused: 'malformed' };
  const expected = Buffer.from(mac(body, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { refused: 'bad signature' };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { refused: 'malformed' };
  }
  if (!isClaims(claims)) return { refused: 'malformed' };
  if (claims.exp <= nowSeconds) return { refused: `expired at ${new Date(claims.exp * 1000).toISOString()}` };
  return { claims };
}

function isClaims(value: unknown): value is PreviewClaims {
  if (typeof value !== 'object' || value === null) return false;
  const { remotes, exp, by } = value as Record<string, unknown>;
  if (typeof exp !== 'number' || typeof by !== 'string' || typeof remotes !== 'object' || remotes === null) return false;
  const entries = Object.entries(remotes);
  return (
    entries.length > 0 &&
    entries.every(([id, entry]) => {
      if (!REMOTE_IDS.includes(id as RemoteId) || typeof entry !== 'object' || entry === null) return false;
      const { entry: url, ssrEntry } = entry as Record<string, unknown>;
      return typeof url === 'string' && (ssrEntry === undefined || typeof ssrEntry === 'string');
    })
  );
}

/**
 * The signing key: the configured secret (PREVIEW_SECRET; shared by every shell server behind one balancer), else
 * a random key kept in the state folder, so tokens outlive a restart.
 */
export async function previewKey(stateDir: string, configured: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured);
  const file = join(stateDir, 'preview-secret');
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept.trim()) return Buffer.from(kept.trim());
  await mkdir(stateDir, { recursive: true });
  const made = randomBytes(32).toString('base64url');
  // 'wx': of two servers starting at once on one folder, the second reads the first's key.
  await writeFile(file, made, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
  return Buffer.from((await readFile(file, 'utf8')).trim());
}
