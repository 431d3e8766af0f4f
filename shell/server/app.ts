import type { SiteConfig } from '@linkhunt/contracts/site-config';
import Fastify, { type FastifyInstance } from 'fastify';
import { sitePolicy } from '../../scripts/content-security-policy.mjs';
import { registerStaticSite } from '../../scripts/static-site.mjs';
import type { RenderQueueOptions } from './features/admission/render-queue.ts';
import { pageRoutes } from './features/render/page-routes.ts';
import { RenderPool } from './features/render/render-pool.ts';
import { sitemapRoutes } from './features/sitemap/routes.ts';

export interface ShellServerOptions {
  /** The shell's built folder (index.html, assets, config.json, remotes.json). */
  distDir: string;
  /** The built render worker. */
  workerFile: URL;
  /** Where workers keep downloaded remote server entries; must sit inside the shell's package (see import-server-entries.ts). */
  cacheDir: string;
  /** Where the server reads the API, when it should not use config.json's public apiUrl. */
  apiUrl?: string;
  budgetMs: number;
  microCacheMs: number;
  /** The render queue: renders at once, waiting, and per client (request.ip). */
  renderQueue: RenderQueueOptions;
  /** The page cache's bound in bytes (bodies and compressed forms). */
  pageCacheBytes: number;
  /** How long an expired page is kept, sent when the renders are busy. */
  staleMs: number;
  /** Reloads per minute per client that render afresh. */
  reloadsPerMinute: number;
  /** Page requests per client handled at once (the rest wait their turn). */
  requestsPerClient: number;
  /** The render worker's heap bound (old generation), in MB; 0 leaves it to V8. */
  workerHeapMb: number;
  watchIntervalMs: number;
  sitemapCacheSeconds: number;
  logger: boolean;
}

/** The shell server: the built shell's files, its sitemaps and every page rendered on the server (defaults: main.ts). */
export async function buildShellServer(options: ShellServerOptions): Promise<FastifyInstance> {
  const { distDir } = options;
  const app = Fastify({ logger: options.logger, trustProxy: true });
  const files = await registerStaticSite(app, { root: distDir, csp: true, wildcard: false });
  const siteConfig = async () => (await files.read('config.json')) as SiteConfig | undefined;
  const pool = new RenderPool({
    workerFile: options.workerFile,
    distDir,
    cacheDir: options.cacheDir,
    watchIntervalMs: options.watchIntervalMs,
    heapMb: options.workerHeapMb,
    log: (message) => app.log.info(message),
  });
  await pool.start();
  app.addHook('onClose', () => pool.close());

  await app.register(sitemapRoutes, {
    apiUrl: async () => options.apiUrl ?? (await siteConfig())?.apiUrl ?? '',
    siteUrl: async () => (await siteConfig())?.siteUrl ?? '',
    cacheSeconds: options.sitemapCacheSeconds,
  });
  await app.register(pageRoutes, {
    pool,
    distDir,
    siteConfig,
    policy: async (inline, remotes) => {
      const current = await files.policyFiles();
      return sitePolicy({ config: current.config, remotes: remotes ?? current.remotes }, inline);
    },
    apiUrl: options.apiUrl,
    budgetMs: options.budgetMs,
    microCacheMs: options.microCacheMs,
    queue: options.renderQueue,
    pageCacheBytes: options.pageCacheBytes,
    staleMs: options.staleMs,
    reloadsPerMinute: options.reloadsPerMinute,
    requestsPerClient: options.requestsPerClient,
  });
  return app;
}
