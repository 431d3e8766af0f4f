import { createHash } from 'node:crypto';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { LRUCache } from 'lru-cache';
import { type InlineSources, inlineHashes } from '../static-site/content-security-policy.mjs';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCompress } from 'node:zlib';

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
  /** Compressions under way. */
  encoding?: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
  expires: number;
  /** Set by the cache that keeps the page: a compressed form added later counts in its bound. */
  grown?: () => void;
}

/** `inline`: what the renderer reported it wrote inline; left out, for the built index.html alone, its own. */
export function cachedPage(status: number, cacheControl: string, html: string, ttlMs: number, remotes?: RemotesManifest, inline?: InlineSources): CachedPage {
  const body = Buffer.from(html);
  return { status, cacheControl, inline: inline ?? inlineHashes(html), remotes, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, encoded: {}, expires: Date.now() + ttlMs };
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * The body in `encoding`, compressed on first use (once, however many ask at once) and kept with the page.
 * Compressed off the main thread (zlib's thread pool): brotli takes 5–10 ms for a page, and under a flood of
 * unique pages that many milliseconds a page blocked every other visitor's request.
 */
export async function encodedBody(page: CachedPage, encoding: 'br' | 'gzip' | undefined): Promise<Buffer> {
  if (!encoding) return page.body;
  const kept = page.encoded[encoding];
  if (kept) return kept;
  const making = (page.encoding ??= {});
  making[encoding] ??= (
    encoding === 'br'
      ? brotli(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } })
      : gzip(page.body, { level: 6 })
  ).then((made) => {
    page.encoded[encoding] = made;
    making[encoding] = undefined;
    page.grown?.();
    return made;
  });
  return making[encoding];
}

/** The bytes a page holds in memory: its body and each compressed form made of it. */
export const pageBytes = (page: CachedPage) => page.body.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0);

export interface MicroCacheOptions {
  /** The most bytes of pages kept (bodies and their compressed forms); the least recently used go first. */
  maxBytes: number;
  /** How long an expired page is still kept, to be sent when a new render cannot be had (the renders are busy). */
  staleMs: number;
}

/** A kept page, and whether it is still within its time to live. */
export interface Lookup {
  page: CachedPage;
  fresh: boolean;
}

/**
 * Rendered pages by key (the remotes' version, the path and the query the page reads) for a short time, so a
 * burst of visitors or bots on one page costs one render; renders of the same key under way are shared.
 * Anonymous pages only: the server never sees a session (the token lives in the browser). Bounded in bytes, not
 * by count: a page weighs 200 KB and more before compression, and 1,000 of them with their compressed forms
 * took the server past 1 GB. An expired page stays a while (until evicted) as the stale page sent when the
 * renders are busy.
 */
export class MicroCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly inFlight = new Map<string, Promise<CachedPage>>();
  private readonly staleMs: number;

  constructor(options: MicroCacheOptions = { maxBytes: 64 * 1024 * 1024, staleMs: 10 * 60_000 }) {
    this.staleMs = options.staleMs;
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes,
      sizeCalculation: (page) => Math.max(1, pageBytes(page)),
      dispose: (page) => {
        page.grown = undefined;
      },
    });
  }

  /** The bytes kept now. */
  get bytes(): number {
    return this.pages.calculatedSize;
  }

  /** The page kept for `key`, fresh or stale; a page past its stale time is dropped. */
  lookup(key: string): Lookup | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const now = Date.now();
    if (page.expires + this.staleMs <= now) {
      this.pages.delete(key);
      return undefined;
    }
    return { page, fresh: page.expires > now };
  }

  /** The render of `key` under way, if any: a request joins it rather than starting another. */
  rendering(key: string): Promise<CachedPage> | undefined {
    return this.inFlight.get(key);
  }

  /** Renders `key` (or joins its render under way) and keeps the page for its time to live. */
  render(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    const under = this.inFlight.get(key);
    if (under) return under;
    const rendering = render()
      .then((page) => {
        if (page.expires > Date.now()) this.keep(key, page);
        return page;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, rendering);
    return rendering;
  }

  /** `fresh`: a page kept is not good enough (a visitor's reload); a render under way is, and its page is kept. */
  async get(key: string, render: () => Promise<CachedPage>, fresh = false): Promise<CachedPage> {
    const hit = this.lookup(key);
    if (hit?.fresh && !fresh) return hit.page;
    return this.render(key, render);
  }

  private keep(key: string, page: CachedPage): void {
    // A page rendered without the API never replaces a good one kept: that stays, stale, for when the renders are busy.
    const previous = this.pages.peek(key);
    if (page.status >= 500 && previous && previous.status < 500) return;
    page.grown = () => {
      // Counted again with its new form, or dropped when too big (lru-cache measures a value only as it is added).
      if (this.pages.peek(key) !== page) return;
      this.pages.delete(key);
      this.keep(key, page);
    };
    this.pages.set(key, page);
  }
}
