import { buildShellServer, ShellStartRefused } from './app.ts';

/**
 * `node shell/dist-server/main.js`: the shell server. Environment: PORT (5000), HOST (127.0.0.1), SHELL_DIST
 * (the built shell, default ../dist beside this file), SSR_API_URL (where to read the API, default config.json's
 * apiUrl), SSR_BUDGET_MS (1500), MICRO_CACHE_MS (5000), REMOTES_WATCH_MS (1000), SITEMAP_CACHE_SECONDS (600),
 * TRUST_PROXY (none: proxy addresses or CIDRs whose X-Forwarded-For is believed), LOG_LEVEL (info; silent: none).
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
const here = new URL('./', import.meta.url);
const port = number('PORT', 5000);
const app = await buildShellServer({
  distDir: env.SHELL_DIST ?? new URL('../dist', here).pathname,
  workerFile: new URL('./render-worker.js', here),
  cacheDir: new URL('./remote-server-entries', here).pathname,
  apiUrl: env.SSR_API_URL || undefined,
  budgetMs: number('SSR_BUDGET_MS', 1_500),
  microCacheMs: number('MICRO_CACHE_MS', 5_000),
  watchIntervalMs: number('REMOTES_WATCH_MS', 1_000),
  sitemapCacheSeconds: number('SITEMAP_CACHE_SECONDS', 600),
  logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL || 'info' },
  trustProxy: (env.TRUST_PROXY ?? '').split(',').map((address) => address.trim()).filter(Boolean),
  production: env.NODE_ENV === 'production',
  localSiteUrl: `http://localhost:${port}`,
}).catch((error: unknown) => {
  if (!(error instanceof ShellStartRefused)) throw error;
  console.error(`The shell server did not start: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
await app.listen({ port, host: env.HOST ?? '127.0.0.1' });
