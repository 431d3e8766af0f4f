import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { acceptedLanguages } from '@linkhunt/contracts/accept-language';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { isLanguage } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import type { InlineSources } from '../../lib/static-site/content-security-policy.mjs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { detectLanguage, pathWithLanguage } from '../../../src/features/language/language-path.ts';
import { acceptedEncoding } from '../../lib/http/content-encoding.ts';
import { canonicalPageUrl } from '../../../src/app/page-queries.ts';
import { ClientTurns } from '../../lib/admission/client-turns.ts';
import { ReloadBudget } from '../../lib/admission/reload-budget.ts';
import { RenderQueue, type RenderQueueOptions } from '../../lib/admission/render-queue.ts';
import { type CachedPage, cachedPage, encodedBody, MicroCache } from '../../lib/cache/micro-cache.ts';
import { type Renderer, type RenderPool, RenderPoolBusy } from './render-pool.ts';
import { withPreviewBadge } from '../../lib/platform/preview-badge.ts';
import { effectiveManifest, type Previews } from '../../lib/platform/previews.ts';
import { OVERRIDE_HEADER } from '@linkhunt/contracts/platform';

export interface PageRoutesOptions {
  pool: RenderPool;
  distDir: string;
  /** The shell's config.json as it is now. */
  siteConfig: () => Promise<SiteConfig | undefined>;
  /** The site's public origin: config.json's siteUrl (or, outside production, the server's own address). */
  siteUrl: () => Promise<string>;
  /** The site's Content-Security-Policy for a page: its own inline sources, the remotes it was rendered with. */
  policy: (inline: InlineSources, remotes: RemotesManifest | undefined) => Promise<string>;
  /** Where the server reads the API; config.json's apiUrl when not set. */
  apiUrl?: string;
  budgetMs: number;
  /** How long a rendered page is reused; 0 renders every request (benchmarks). */
  microCacheMs: number;
  /** The render queue's bounds (main.ts has the defaults). */
  queue: RenderQueueOptions;
  /** The most bytes of rendered pages kept, with their compressed forms. */
  pageCacheBytes: number;
  /** How long an expired page is kept to be sent when the renders are busy. */
  staleMs: number;
  /** Reloads (cache-bypassing requests) each client may make per minute that render afresh. */
  reloadsPerMinute: number;
  /** Page requests of one client handled at once; its others wait their turn. */
  requestsPerClient: number;
  /** The previews requests carry (features/platform/previews.ts). */
  previews: Previews;
}

/** Anonymous HTML: shared caches keep it a minute and may serve it stale while they revalidate. */
const PUBLIC_HTML = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** Seconds a visitor is told to wait when the API is down. */
const RETRY_AFTER_SECONDS = 10;
/** How long a request waits for a render worker when none is ready (at start, or after one died) before its page renders in the browser instead. */
const SWITCH_WAIT_MS = 1_500;
/** How long a preview's request waits for its render worker to import the previewed remotes (a first request starts it). */
const PREVIEW_WAIT_MS = 5_000;
/** A preview's pages are one visitor's: no cache, shared or not, keeps them. */
const PREVIEW_CACHE_CONTROL = 'private, no-store';
/** A page rendered without the API is reused only briefly, so the API's return shows quickly. */
const UNAVAILABLE_CACHE_MS = 2_000;

async function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, policy: PageRoutesOptions['policy']) {
  reply.header('Content-Security-Policy', await policy(page.inline, page.remotes));
  reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', page.cacheControl).header('Vary', 'Accept-Encoding').header('ETag', page.etag);
  if (page.status === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  const ifNoneMatch = request.headers['if-none-match'];
  if (page.status === 200 && ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) return reply.code(304).send();
  const encoding = acceptedEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.code(page.status).send(await encodedBody(page, encoding));
}

/**
 * Every page of the site: a path without a supported language is redirected to one, anything else is rendered
 * by the pool (server-side, with its data) and kept in the micro-cache. A render that fails answers the shell's
 * plain index.html, which renders in the browser as before: never a 500 page for a render error.
 */
export async function pageRoutes(app: FastifyInstance, options: PageRoutesOptions): Promise<void> {
  const { pool, budgetMs, microCacheMs } = options;
  const cache = new MicroCache({ maxBytes: options.pageCacheBytes, staleMs: options.staleMs });
  const queue = new RenderQueue(options.queue);
  const reloads = new ReloadBudget(options.reloadsPerMinute, 60_000);
  const clientOnly = readFileSync(join(options.distDir, 'index.html'), 'utf8');
  const clientOnlyPage = cachedPage(200, 'no-store', clientOnly, 0);
  // Renders refused (the queue full, or the client's share taken) with nothing kept to send: the plain shell,
  // at once, which a browser renders itself; a crawler reads the 503 and its Retry-After and comes back.
  const busyPage = cachedPage(503, 'no-store', clientOnly, 0);

  /**
   * A page by key, rendered with the remotes as they are now (a redeploy is a new key), or from the micro-cache.
   * Renders go through the queue as `client`'s. When the queue refuses, the page kept (fresh or stale) is sent,
   * else the busy page. When every render slot is taken, a stale page is sent at once while it renders behind.
   */
  const renderedPage = async (
    key: string,
    client: string,
    wantsFresh: boolean,
    privatePage: boolean,
    render: (renderer: Renderer) => Promise<CachedPage>,
    preview: RemotesManifest | undefined,
  ) => {
    const renderer = await (preview ? pool.renderer(PREVIEW_WAIT_MS, preview) : pool.renderer(SWITCH_WAIT_MS));
    const job = () => render(renderer);
    // Without the micro-cache every request is its own render, not even sharing one under way (the benchmark's
    // uncached figures); a page with a secret in its URL is never kept, nor a preview's page.
    if (microCacheMs === 0 || privatePage || preview) return queue.admits(client) ? queue.run(client, job) : busyPage;
    const versioned = `${renderer.version}|${key}`;
    const kept = cache.lookup(versioned);
    // A reload asks caches to revalidate: the visitor who just reviewed a product and reloads sees the review. Only
    // so many a minute per client, or reloads alone would render without end.
    if (kept?.fresh && !(wantsFresh && reloads.take(client))) return kept.page;
    const under = cache.rendering(versioned);
    if (under) return under;
    if (!queue.admits(client)) return kept?.page ?? busyPage;
    const waits = queue.busy;
    const rendering = cache.render(versioned, () => queue.run(client, job));
    if (kept && waits) {
      rendering.catch(() => undefined);
      return kept.page;
    }
    const page = await rendering;
    // Stale if error: a render without the API's answers (down, or too slow for the budget under a flood) is no
    // better than the good page kept, which is sent instead (and stays kept: micro-cache.ts).
    return page.status >= 500 && kept && kept.page.status < 500 ? kept.page : page;
  };

  const turns = new ClientTurns(options.requestsPerClient);
  // The turn ends when the response does, sent or cut off: a connection closed while it waited ends it at once
  // (fastify's hooks miss that case, and a turn never ended would block its client for good).
  const takeTurn = async (request: FastifyRequest, reply: FastifyReply) => {
    const end = await turns.take(request.ip);
    if (reply.raw.closed) end();
    else reply.raw.once('close', end);
  };

  app.get('/*', { config: { compress: false }, onRequest: takeTurn }, async (request, reply) => {
    const { pathname, search } = new URL(request.url, 'http://site');
    const segments = pathname.split('/').filter(Boolean);
    const [first] = segments;
    if (!isLanguage(first)) {
      // A file that is not there is a plain 404, not a page in some language.
      if (/\.[a-z0-9]+$/i.test(segments.at(-1) ?? '') && segments.length > 0) return reply.code(404).type('text/plain').send('Not Found');
      const language = detectLanguage(search, acceptedLanguages(request.headers['accept-language']));
      return reply.header('Vary', 'Accept-Language').header('Cache-Control', 'no-cache').redirect(`${pathWithLanguage(pathname, language)}${search}`, 302);
    }
    if (segments.length === 1) return reply.header('Cache-Control', 'no-cache').redirect(`/${first}/index${search}`, 302);

    const stored = (await options.siteConfig()) ?? { apiUrl: 'http://localhost:4000' };
    // Never the request's Host or X-Forwarded-Host: the page is publicly cacheable, and a forged origin in its
    // canonical link, og:url and boot data would be served to everyone (a test: shell/server/shell-server.test.ts).
    const config: SiteConfig = { ...stored, siteUrl: await options.siteUrl() };
    const apiUrl = options.apiUrl ?? config.apiUrl;
    // A page is rendered with the configuration of its moment: an edit of config.json is a new key.
    const configKey = createHash('sha256').update(JSON.stringify(stored)).digest('base64url').slice(0, 12);
    const fresh = /\b(?:no-cache|max-age=0)\b/.test(request.headers['cache-control'] ?? '');
    // The page renders with only the query it reads (page-queries.ts): `?z=<random>` is the same page, from the cache.
    const canonical = canonicalPageUrl(pathname, search);
    const preview = options.previews.of(request);
    const base = preview && (await pool.baseManifest());
    const previewed = preview && base && effectiveManifest(base, preview.overrides);
    const page = await renderedPage(
      `${configKey}|${canonical.url}`,
      request.ip,
      fresh,
      canonical.private,
      async ({ manifest, render }) => {
        const rendered = await render({ url: canonical.url, config, apiUrl, budgetMs });
        if (previewed) return cachedPage(rendered.status, PREVIEW_CACHE_CONTROL, rendered.html, 0, manifest, rendered.inline);
        if (rendered.status === 503 || canonical.private) return cachedPage(rendered.status, 'no-store', rendered.html, rendered.status === 503 ? Math.min(microCacheMs, UNAVAILABLE_CACHE_MS) : 0, manifest, rendered.inline);
        return cachedPage(rendered.status, PUBLIC_HTML, rendered.html, microCacheMs, manifest, rendered.inline);
      },
      previewed,
    ).catch((error: unknown) => {
      if (!(error instanceof RenderPoolBusy)) request.log.error({ err: error }, 'server render failed; the page renders in the browser');
      // A preview's plain shell reads its remotes.json with the preview too (app.ts), so its policy names them.
      return previewed ? cachedPage(200, PREVIEW_CACHE_CONTROL, clientOnly, 0, previewed) : clientOnlyPage;
    });
    if (!preview || !previewed) return sendPage(request, reply, page, options.policy);
    reply.header(OVERRIDE_HEADER, preview.header);
    const badged = cachedPage(page.status, PREVIEW_CACHE_CONTROL, withPreviewBadge(page.body.toString(), preview, first), 0, page.remotes ?? previewed, page.inline);
    return sendPage(request, reply, badged, options.policy);
  });
}
