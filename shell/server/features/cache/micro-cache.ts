import { createHash } from 'node:crypto';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { type InlineSources, inlineHashes } from '../../../../scripts/content-security-policy.mjs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** A rendered page as it is sent: its body once, each compression made once, and its ETag. */
export interface CachedPage {
  status: number;
  cacheControl: string;
  /** The hashes of the page's inline scripts and style attributes, for its Content-Security-Policy. */
  inline: InlineSources;
  /** The remotes the page was rendered with (and pins): its policy allows them. Undefined for the plain shell. */
  remotes?: RemotesManifest;
  etag: string;
  body: Buffer;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  expires: number;
}

/** `inline`: what the renderer reported it wrote inline; left out, for the built index.html alone, its own. */
export function cachedPage(status: number, cacheControl: string, html: string, ttlMs: number, remotes?: RemotesManifest, inline?: InlineSources): CachedPage {
  const body = Buffer.from(html);
  return { status, cacheControl, inline: inline ?? inlineHashes(html), remotes, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, encoded: {}, expires: Date.now() + ttlMs };
}

/** The body in `encoding`, compressed on first use and kept with the page. */
export function encodedBody(page: CachedPage, encoding: 'br' | 'gzip' | undefined): Buffer {
  if (!encoding) return page.body;
  page.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } })
      : gzipSync(page.body, { level: 6 });
  return page.encoded[encoding];
}

/**
 * Rendered pages by key (the remotes' version, the path and query) for a short time, so a burst of visitors or
 * bots on one page costs one render; renders of the same key under way are shared. Anonymous pages only: the
 * server never sees a session (the token lives in the browser). Bounded: the oldest entries go first.
 */
export class MicroCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly inFlight = new Map<string, Promise<CachedPage>>();

  constructor(private readonly maxEntries = 1000) {}

  /** `fresh`: a page kept is not good enough (a visitor's reload); a render under way is, and its page is kept. */
  async get(key: string, render: () => Promise<CachedPage>, fresh = false): Promise<CachedPage> {
    const hit = this.pages.get(key);
    if (hit && hit.expires > Date.now() && !fresh) return hit;
    if (hit) this.pages.delete(key);
    let rendering = this.inFlight.get(key);
    if (!rendering) {
      rendering = render().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, rendering);
      const page = await rendering;
      if (page.expires > Date.now()) {
        this.pages.set(key, page);
        if (this.pages.size > this.maxEntries) this.pages.delete(this.pages.keys().next().value as string);
      }
      return page;
    }
    return rendering;
  }
}
