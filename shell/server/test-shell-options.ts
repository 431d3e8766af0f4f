import { join } from 'node:path';
import type { ShellServerOptions } from './app.ts';

/**
 * A shell server's options for a test on a made-up built shell in `dir`, with a stand-in render worker: main.ts's
 * bounds, no log, outside production. Each test overrides what it is about.
 */
export function testShellOptions(dir: string, workerFile: URL, overrides: Partial<ShellServerOptions> = {}): ShellServerOptions {
  return {
    distDir: dir,
    workerFile,
    cacheDir: join(dir, 'cache'),
    budgetMs: 1_000,
    microCacheMs: 5_000,
    renderQueue: { concurrency: 8, maxWaiting: 32, clientShare: 8 },
    pageCacheBytes: 16 * 1024 * 1024,
    staleMs: 600_000,
    reloadsPerMinute: 20,
    workerHeapMb: 64,
    requestsPerClient: 2,
    watchIntervalMs: 60_000,
    sitemapCacheSeconds: 600,
    logger: false,
    trustProxy: [],
    production: false,
    localSiteUrl: 'http://localhost:5000',
    platform: {
      stateDir: join(dir, 'platform-state'),
      allowlist: [],
      previewSecret: 'test-preview-secret',
      extraWorkers: 3,
      extraIdleMs: 60_000,
      health: { maxErrorRate: 0.05, minViews: 20, watchMs: 600_000 },
      beaconsPerMinute: 60,
    },
    ...overrides,
  };
}
