import closeWithGrace from 'close-with-grace';
import { buildShellServer, ShellStartRefused } from './app.ts';

/**
 * `node shell/dist-server/main.js`: the shell server. Environment: PORT (5000), HOST (127.0.0.1), SHELL_DIST
 * (the built shell, default ../dist beside this file), SSR_API_URL (where to read the API, default config.json's
 * apiUrl), SSR_BUDGET_MS (1500), MICRO_CACHE_MS (5000), REMOTES_WATCH_MS (1000), SITEMAP_CACHE_SECONDS (600),
 * RENDER_CONCURRENCY (8 renders at once), RENDER_QUEUE (32 more waiting), RENDER_CLIENT_SHARE (8 of them per
 * client), PAGE_CACHE_MB (64), STALE_SECONDS (600: an expired page kept for when the renders are busy),
 * RELOADS_PER_MINUTE (20 reloads per client that render afresh), RENDER_WORKER_HEAP_MB (128: the render worker's
 * old-generation heap; 0 leaves it to V8), PAGE_REQUESTS_PER_CLIENT (2 page requests per client handled at once),
 * TRUST_PROXY (none: proxy addresses or CIDRs whose X-Forwarded-For is believed), LOG_LEVEL (info; silent: none),
 * PLATFORM_STATE_DIR (../platform-state beside this file: credentials, deploy history, preview key), REMOTE_ALLOWLIST
 * (comma-separated URL prefixes previews and deploys may name; default the origins of remotes.json at start),
 * PREVIEW_SECRET (the preview tokens' key; default a random one kept in the state folder), PREVIEW_WORKERS (3
 * render workers kept for previews besides the base one), PREVIEW_IDLE_SECONDS (120: a preview worker unused that
 * long is ended), HEALTH_MAX_ERROR_RATE (0.05) and HEALTH_MIN_VIEWS (20): a watched deploy or canary is rolled back
 * once its error rate is above the rate over at least that many views, within HEALTH_WATCH_SECONDS (600) of it;
 * HEALTH_BEACONS_PER_MINUTE (30 failure reports a browser's address may send a minute).
 * In production (the default NODE_ENV) config.json must hold siteUrl, or the server refuses to start.
 */
const env = process.env;
// React's production build in the render workers (they inherit this environment).
env.NODE_ENV ??= 'production';
const number = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of 0 or more`);
  return value;
};
const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
const here = new URL('./', import.meta.url);
const port = number('PORT', 5000);
const app = await buildShellServer({
  distDir: env.SHELL_DIST ?? new URL('../dist', here).pathname,
  workerFile: new URL('./render-worker.js', here),
  cacheDir: new URL('./remote-server-entries', here).pathname,
  apiUrl: env.SSR_API_URL || undefined,
  budgetMs: number('SSR_BUDGET_MS', 1_500),
  microCacheMs: number('MICRO_CACHE_MS', 5_000),
  renderQueue: {
    concurrency: Math.max(1, number('RENDER_CONCURRENCY', 8)),
    maxWaiting: number('RENDER_QUEUE', 32),
    clientShare: Math.max(1, number('RENDER_CLIENT_SHARE', 8)),
  },
  pageCacheBytes: number('PAGE_CACHE_MB', 64) * 1024 * 1024,
  staleMs: number('STALE_SECONDS', 600) * 1000,
  reloadsPerMinute: number('RELOADS_PER_MINUTE', 20),
  workerHeapMb: number('RENDER_WORKER_HEAP_MB', 128),
  requestsPerClient: Math.max(1, number('PAGE_REQUESTS_PER_CLIENT', 2)),
  watchIntervalMs: number('REMOTES_WATCH_MS', 1_000),
  sitemapCacheSeconds: number('SITEMAP_CACHE_SECONDS', 600),
  logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL || 'info' },
  trustProxy: list(env.TRUST_PROXY),
  production: env.NODE_ENV === 'production',
  localSiteUrl: `http://localhost:${port}`,
  platform: {
    stateDir: env.PLATFORM_STATE_DIR ?? new URL('../platform-state', here).pathname,
    allowlist: list(env.REMOTE_ALLOWLIST),
    previewSecret: env.PREVIEW_SECRET ?? '',
    extraWorkers: number('PREVIEW_WORKERS', 3),
    extraIdleMs: number('PREVIEW_IDLE_SECONDS', 120) * 1000,
    health: {
      maxErrorRate: number('HEALTH_MAX_ERROR_RATE', 0.05),
      minViews: number('HEALTH_MIN_VIEWS', 20),
      watchMs: number('HEALTH_WATCH_SECONDS', 600) * 1000,
    },
    beaconsPerMinute: number('HEALTH_BEACONS_PER_MINUTE', 30),
  },
}).catch((error: unknown) => {
  if (!(error instanceof ShellStartRefused)) throw error;
  console.error(`The shell server did not start: ${error.message}`);
  process.exit(1);
});
// Graceful shutdown (close-with-grace): on SIGTERM, SIGINT or another terminating signal the port stops taking
// connections, the requests in flight get their answer, then the render workers and the sitemap build stop and the
// process exits 0. Within 10 s, or it exits 1; a second signal exits 1 at once. An uncaught error closes the same
// way and exits 1.
closeWithGrace(
  {
    delay: 10_000,
    logger: app.log,
    onTimeout: (ms) => app.log.error({ ms }, 'shutdown did not finish in time: exiting with 1'),
  },
  async ({ signal, err }) => {
    // The error is said even with LOG_LEVEL=silent, as Node would have printed it.
    if (err && env.LOG_LEVEL === 'silent') console.error(err);
    if (err) app.log.error({ err }, 'uncaught error: shutting down');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    app.log.info('shutdown complete');
  },
);
await app.listen({ port, host: env.HOST ?? '127.0.0.1' });
