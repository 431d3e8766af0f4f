import { acceptedEncoding } from '../../lib/http/content-encoding.ts';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LastGoodCache } from './last-good-cache.ts';
import { robotsTxt } from './robots.ts';
import { siteBase } from './site-pages.ts';
import { buildSitemaps, type SitemapSnapshot } from './sitemap-build.ts';
import { SITEMAP_FILE_PATTERN } from './sitemap-files.ts';
import { readSitemapStamp, StampWatch } from './sitemap-stamp.ts';
import { MAX_URLS_PER_FILE } from './sitemap-xml.ts';

const gunzipAsync = promisify(gunzip);

export interface SitemapOptions {
  /** Base URL the server reads the API at, read at each rebuild (the runtime config can change). */
  apiUrl: () => string | Promise<string>;
  /** The site's public origin, for absolute <loc>s, read at each rebuild (and by each robots.txt). */
  siteUrl: () => string | Promise<string>;
  /** Where browsers load product images from, for the image entries, read at each rebuild. */
  imageBase: () => string | Promise<string>;
  /**
   * How long a built sitemap is served before it is rebuilt; default 10 minutes. It is rebuilt sooner when the
   * API's stamp (GET /sitemap/stamp) says what it lists has changed.
   */
  cacheSeconds?: number;
  /** How often the API's stamp is read at most, shared by the requests meanwhile; default 1 s. Tests set 0. */
  stampIntervalMs?: number;
  /** URLs per file, default 50000 (the protocol's limit); tests lower it. */
  maxUrlsPerFile?: number;
}

const DEFAULT_CACHE_SECONDS = 600;
/** With the API down, how long until a request tries again: at most this, at most the cache's lifetime. */
const MAX_RETRY_SECONDS = 30;
/** How long a client or shared cache may keep a file: a takedown leaves the files at once, and caches within this. */
const CLIENT_MAX_AGE_SECONDS = 60;
/** A sitemap request reads the API's stamp at most once a second: a crawler's burst of requests costs one read. */
const DEFAULT_STAMP_INTERVAL_MS = 1_000;
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/**
 * robots.txt, the sitemap index at /sitemap.xml and its files at /sitemaps/{kind}-{n}.xml. The files are
 * built from the API's paged lists on the first request and kept for `cacheSeconds`, or until the API's stamp
 * differs from the one the build was made with (a product taken down must leave the sitemap at once); when the
 * API cannot be read the last good build is served; before there is one, 503 with Retry-After.
 */
export const sitemapRoutes: FastifyPluginAsync<SitemapOptions> = async (app, options) => {
  const cacheSeconds = Math.max(0, options.cacheSeconds ?? DEFAULT_CACHE_SECONDS);
  const maxUrlsPerFile = Math.min(MAX_URLS_PER_FILE, Math.max(1, Math.floor(options.maxUrlsPerFile ?? MAX_URLS_PER_FILE)));
  const stamps = new StampWatch({ read: async () => readSitemapStamp(await options.apiUrl()), intervalMs: Math.max(0, options.stampIntervalMs ?? DEFAULT_STAMP_INTERVAL_MS) });
  const cache = new LastGoodCache<SitemapSnapshot>({
    build: async (signal) => {
      const snapshot = await buildSitemaps({
        apiUrl: await options.apiUrl(),
        siteUrl: await options.siteUrl(),
        imageBase: await options.imageBase(),
        maxUrlsPerFile,
        signal,
      });
      // The build's own stamp is as fresh as a read: without it the next request could rebuild needlessly.
      stamps.observe(snapshot.stamp);
      return snapshot;
    },
    ttlMs: cacheSeconds * 1000,
    retryMs: Math.max(1, Math.min(cacheSeconds, MAX_RETRY_SECONDS)) * 1000,
    onError: (error) => app.log.warn({ err: error }, 'sitemap: building failed; serving the last good copy, if any'),
  });
  app.addHook('onClose', async () => cache.close());

  /**
   * The cache's answer, rebuilt first when the API's stamp differs from the build's. A stamp that cannot be
   * read changes nothing: the build there is stays until its lifetime ends.
   */
  async function currentSnapshot() {
    const answer = await cache.get();
    if (answer.state !== 'fresh') return answer;
    const stamp = await stamps.current();
    if (stamp === null || stamp === answer.value.stamp) return answer;
    cache.expire(answer.value);
    return cache.get();
  }

  /** Sends one gzipped document, or 404 / 503 when there is none to send. */
  async function sendDocument(
    request: FastifyRequest,
    reply: FastifyReply,
    pick: (snapshot: SitemapSnapshot) => Buffer | undefined,
  ): Promise<FastifyReply> {
    const answer = await currentSnapshot();
    if (answer.state === 'unavailable') {
      return reply
        .code(503)
        .header('retry-after', String(answer.retryAfterSeconds))
        .header('cache-control', 'no-store')
        .type(TEXT)
        .send('The sitemap cannot be built right now. Try again later.\n');
    }
    const gzipped = pick(answer.value);
    if (!gzipped) return reply.code(404).type(TEXT).send('No such sitemap.\n');
    // A copy kept because the API is down is not to be kept by caches on the way.
    reply.header('cache-control', answer.state === 'fresh' ? `public, max-age=${Math.min(cacheSeconds, CLIENT_MAX_AGE_SECONDS)}` : 'no-cache');
    reply.type(XML).header('vary', 'accept-encoding');
    if (acceptedEncoding(request.headers['accept-encoding'], ['gzip'])) return reply.header('content-encoding', 'gzip').send(gzipped);
    return reply.send(await gunzipAsync(gzipped));
  }

  app.get('/robots.txt', async (_request, reply) => {
    // A robots.txt that fails reads to crawlers as "crawl nothing", so a bad site URL only loses the Sitemap line.
    let base: string | null = null;
    try {
      base = siteBase(await options.siteUrl());
    } catch (error) {
      app.log.error({ err: error }, 'sitemap: the site URL is not usable; robots.txt goes out without its Sitemap line');
    }
    return reply.type(TEXT).header('cache-control', `public, max-age=${DEFAULT_CACHE_SECONDS}`).send(robotsTxt(base));
  });

  app.get('/sitemap.xml', (request, reply) => sendDocument(request, reply, (snapshot) => snapshot.index));

  app.get<{ Params: { file: string } }>('/sitemaps/:file', (request, reply) => {
    const { file } = request.params;
    // A name no build can make is answered without building.
    if (!SITEMAP_FILE_PATTERN.test(file)) return reply.code(404).type(TEXT).send('No such sitemap.\n');
    return sendDocument(request, reply, (snapshot) => snapshot.files.get(file));
  });
};
