import { PREVIEW_COOKIE, PREVIEW_HEADER, type RemoteEntries } from '@linkhunt/contracts/platform';
import { REMOTE_IDS, type RemoteId, type RemotesManifest } from '@linkhunt/contracts/remotes';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isAllowlisted } from './allowlist.ts';
import { type PreviewClaims, signPreview, verifyPreview } from './preview-token.ts';

/** A visitor's preview, as a request carries it. */
export interface Preview {
  overrides: RemoteEntries;
  expiresAt: Date;
  by: string;
  /** What the page's X-Linkhunt-Override header says: `mf-product=<entry>, …`. */
  header: string;
}

/** The remotes.json a preview renders with: the base, with the preview's entries in place of their remotes'. */
export function effectiveManifest(base: RemotesManifest, overrides: RemoteEntries): RemotesManifest {
  const manifest = { ...base };
  for (const id of REMOTE_IDS) {
    const entry = overrides[id];
    if (entry) manifest[id] = entry.ssrEntry ? { entry: entry.entry, ssrEntry: entry.ssrEntry } : { entry: entry.entry };
  }
  return manifest;
}

/** The entries of `remotes` that are off the allowlist, by remote. */
export function offAllowlist(remotes: RemoteEntries, allowlist: readonly string[]): RemoteId[] {
  return REMOTE_IDS.filter((id) => {
    const entry = remotes[id];
    return entry && ![entry.entry, entry.ssrEntry].every((url) => url === undefined || isAllowlisted(url, allowlist));
  });
}

/**
 * Previews: signed tokens naming other entries for some remotes, carried by one visitor (a cookie set by a
 * preview link, or a header). A token that is tampered with, expired or names an entry off the allowlist (it is
 * checked at every use, so narrowing the allowlist ends previews already handed out) is ignored: the visitor gets
 * the base version, and the log gets one line per token, however many pages it is sent with.
 */
export class Previews {
  private readonly refused = new LRUCache<string, true>({ max: 1_000 });

  constructor(
    private readonly key: Buffer,
    readonly allowlist: readonly string[],
  ) {}

  issue(claims: PreviewClaims): string {
    return signPreview(claims, this.key);
  }

  /** The request's preview, when it carries a token that holds. */
  of(request: FastifyRequest): Preview | undefined {
    const header = request.headers[PREVIEW_HEADER];
    const token = (Array.isArray(header) ? header[0] : header) ?? request.cookies[PREVIEW_COOKIE];
    if (!token) return undefined;
    const read = this.read(token);
    return 'refused' in read ? this.ignore(request, token, read.refused) : read;
  }

  /** The token's preview, or why it does not hold (tampered, malformed, expired, off the allowlist). */
  read(token: string): Preview | { refused: string } {
    const verified = verifyPreview(token, this.key, Date.now() / 1000);
    if ('refused' in verified) return verified;
    const { remotes, exp, by } = verified.claims;
    const off = offAllowlist(remotes, this.allowlist);
    if (off.length > 0) return { refused: `entries off the allowlist: ${off.map((id) => remotes[id]?.entry).join(', ')}` };
    const overridden = REMOTE_IDS.flatMap((id) => (remotes[id] ? [`${id}=${remotes[id].entry}`] : [])).join(', ');
    return { overrides: remotes, expiresAt: new Date(exp * 1000), by, header: overridden };
  }

  private ignore(request: FastifyRequest, token: string, reason: string): undefined {
    if (this.refused.has(token)) return undefined;
    this.refused.set(token, true);
    request.log.warn({ reason }, 'preview token ignored: the base version is served');
    return undefined;
  }
}
