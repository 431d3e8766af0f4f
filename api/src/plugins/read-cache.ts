import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { requestLanguage } from './request-language.js';

/**
 * What a write can make stale, as the cached answers are tagged:
 * - `product`: the answers about that one product alone (its page by slug: the product, its reviews, its uploader);
 * - `user`: the answers about that one user alone (their profile with their products, the reviews of their products);
 * - `listings`: every answer that lists, counts or ranks products or users (lists, search, suggestions, categories,
 *   brands, top users, sitemaps). An answer a route does not tag (app.readCache.tag) is a listing.
 */
export interface ReadCacheScope {
  product?: number;
  user?: number;
  listings?: boolean;
}

export interface ReadCache {
  /** Files the answer this request is computing under `scope` instead of under `listings`. */
  tag(request: FastifyRequest, scope: ReadCacheScope): void;
  /** Drops the cached answers under any part of `scope` (in this process; other instances' expire within TTL_MS). */
  invalidate(scope: ReadCacheScope): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyContextConfig {
    /**
     * A write route that says itself what it makes stale (app.readCache.invalidate in its handler, or nothing when
     * it changes no public answer). Any other successful write empties the whole read cache, which is always safe.
     */
    readCacheWrites?: 'targeted';
    /**
     * Cache this GET route's 200 answers by URL: for public reads whose answer is the same for every visitor.
     * 'per-language': by URL and the request's language (requestLanguage: `lng`, else Accept-Language), for
     * answers in the visitor's language, so one language's answer is never served to another.
     */
    readCache?: boolean | 'per-language';
  }
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 2_000;
/** Below this size gzip saves less than its headers cost. */
const MIN_GZIP_BYTES = 1024;

interface Entry {
  /** Encoded once; list answers are 10-15 KB of JSON, so the bytes sent dominate a cached answer's cost. */
  plain: Buffer;
  gzip: Buffer | null;
  tags: string[];
}

const LISTINGS = 'listings';

function tagsOf(scope: ReadCacheScope): string[] {
  const tags: string[] = [];
  if (scope.product !== undefined) tags.push(`product:${scope.product}`);
  if (scope.user !== undefined) tags.push(`user:${scope.user}`);
  if (scope.listings) tags.push(LISTINGS);
  return tags;
}

/** True unless the client does not list gzip or refuses it with q=0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    return !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/** A route marked this answer `private` (a withdrawn product as its uploader sees it): never served to anyone else. */
const isForOneViewer = (reply: FastifyReply) => /\bprivate\b/i.test(String(reply.getHeader('cache-control') ?? ''));

/**
 * Adds a field to Vary instead of replacing it: CORS has already put `Origin` there, and a shared cache that
 * lost it could hand one origin's answer (its Access-Control-Allow-Origin) to another.
 */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  void reply.header('vary', [...fields, field].join(', '));
}

/**
 * A small in-process cache of serialised public read answers (lists, product pages), kept plain and
 * gzipped. A successful write through this process drops what it made stale (a route marked
 * `readCacheWrites: 'targeted'` says what, see ReadCacheScope; any other write empties the cache), so its own
 * writes show at once; another instance's writes show within TTL_MS. Counters that change on a GET (downloads) may lag by
 * up to TTL_MS. Concurrent misses of one URL wait for the first one's answer instead of all querying
 * the database when an entry expires under load.
 */
export const readCachePlugin = fp(
  async (app) => {
    /** The keys of the entries under each tag. */
    const tagged = new Map<string, Set<string>>();
    // Whichever way an entry leaves (replaced, evicted at the cap, expired, invalidated, cleared), its tags forget it.
    const entries = new LRUCache<string, Entry>({
      max: MAX_ENTRIES,
      ttl: TTL_MS,
      dispose: (entry, key) => {
        for (const tag of entry.tags) {
          const keys = tagged.get(tag);
          keys?.delete(key);
          if (keys?.size === 0) tagged.delete(tag);
        }
      },
    });
    /** The tags of answers being computed, set by their routes (app.readCache.tag). */
    const requestTags = new WeakMap<FastifyRequest, string[]>();

    const store = (key: string, entry: Entry) => {
      entries.set(key, entry);
      for (const tag of entry.tags) {
        const keys = tagged.get(tag) ?? new Set<string>();
        keys.add(key);
        tagged.set(tag, keys);
      }
    };
    app.decorate('readCache', {
      tag: (request: FastifyRequest, scope: ReadCacheScope) => {
        requestTags.set(request, tagsOf(scope));
      },
      invalidate: (scope: ReadCacheScope) => {
        for (const tag of tagsOf(scope)) for (const key of [...(tagged.get(tag) ?? [])]) entries.delete(key);
      },
    } satisfies ReadCache);
    /** URLs being computed right now, and how to hand their answer (or null: not cacheable) to waiters. */
    const inFlight = new Map<string, { done: Promise<Entry | null>; settle(entry: Entry | null): void; owner: FastifyRequest }>();

    const cacheable = (request: FastifyRequest) => request.method === 'GET' && (request.routeOptions.config.readCache ?? false) !== false;
    const keyOf = (request: FastifyRequest) =>
      request.routeOptions.config.readCache === 'per-language' ? `${requestLanguage(request)} ${request.url}` : request.url;

    const settle = (request: FastifyRequest, entry: Entry | null) => {
      const flight = inFlight.get(keyOf(request));
      if (flight?.owner !== request) return;
      inFlight.delete(keyOf(request));
      flight.settle(entry);
    };

    const sendEntry = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
      reply.header('x-cache', 'hit').type('application/json; charset=utf-8');
      addVary(reply, 'Accept-Encoding');
      if (request.routeOptions.config.readCache === 'per-language') addVary(reply, 'Accept-Language');
      if (entry.gzip && acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(entry.gzip);
      return reply.send(entry.plain);
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!cacheable(request)) return;
      const key = keyOf(request);
      const entry = entries.get(key) ?? (await inFlight.get(key)?.done);
      if (entry) return sendEntry(request, reply, entry);
      if (!inFlight.has(key)) {
        let resolve: (entry: Entry | null) => void = () => {};
        const done = new Promise<Entry | null>((r) => (resolve = r));
        inFlight.set(key, { done, settle: resolve, owner: request });
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!cacheable(request) || reply.statusCode !== 200 || isForOneViewer(reply)) return payload;
      if (typeof payload !== 'string' || reply.getHeader('x-cache') === 'hit') return payload;
      const plain = Buffer.from(payload);
      const gzip = plain.length >= MIN_GZIP_BYTES ? gzipSync(plain, { level: 6 }) : null;
      const entry = { plain, gzip, tags: requestTags.get(request) ?? [LISTINGS] };
      store(keyOf(request), entry);
      settle(request, entry);
      addVary(reply, 'Accept-Encoding');
      if (request.routeOptions.config.readCache === 'per-language') addVary(reply, 'Accept-Language');
      if (gzip && acceptsGzip(request.headers['accept-encoding'])) {
        reply.header('content-encoding', 'gzip');
        return gzip;
      }
      return plain;
    });

    app.addHook('onResponse', async (request, reply) => {
      settle(request, null);
      const write = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
      if (write && reply.statusCode < 400 && request.routeOptions.config.readCacheWrites !== 'targeted') {
        entries.clear();
      }
    });
    app.addHook('onRequestAbort', async (request) => settle(request, null));
  },
  { name: 'read-cache' },
);
