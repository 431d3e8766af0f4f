import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BroadcastChannel } from 'node:worker_threads';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RenderPool, RenderPoolBusy, type RenderPoolOptions } from './render-pool.ts';

const manifestOf = (entry: string) => ({ 'mf-catalogue': { entry } }) as unknown as RemotesManifest;
const channel = new BroadcastChannel('render-pool-test');
/** The entries whose stand-in workers are holding their `ready`. */
const held = new Set<string>();
channel.onmessage = (event) => held.add(String((event as { data: unknown }).data));
/** Lets the stand-in worker started for `entry`, once it holds, say it is ready. */
const release = async (entry: string) => {
  await vi.waitFor(() => expect(held).toContain(entry));
  channel.postMessage(entry);
};

describe('RenderPool', () => {
  let distDir: string;
  let pool: RenderPool;
  const writeRemotes = async (entry: string) => {
    await writeFile(join(distDir, '.remotes.json.tmp'), JSON.stringify(manifestOf(entry)));
    await rename(join(distDir, '.remotes.json.tmp'), join(distDir, 'remotes.json'));
  };
  const newPool = (extra: Partial<RenderPoolOptions> = {}) =>
    new RenderPool({ workerFile: new URL('./render-pool.test-worker.mjs', import.meta.url), distDir, cacheDir: join(distDir, 'cache'), watchIntervalMs: 60_000, log: () => undefined, ...extra });
  const renderedWith = async (maxWaitMs: number, manifest?: RemotesManifest) => {
    const renderer = await pool.renderer(maxWaitMs, manifest);
    const page = await renderer.render({ url: '/es/index', config: { apiUrl: 'http://api' }, apiUrl: 'http://api', budgetMs: 100 });
    return (JSON.parse(page.html) as Record<string, { entry: string }>)['mf-catalogue']?.entry;
  };

  beforeEach(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'render-pool-'));
    await writeRemotes('http://remote/v1/remoteEntry.js');
    pool = newPool();
    await pool.start();
  });
  afterEach(async () => {
    held.clear();
    await pool.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('renders with the version before while a redeployed version is taken up, then with the new one', async () => {
    expect(await renderedWith(50)).toBe('http://remote/v1/remoteEntry.js');
    await writeRemotes('http://remote/v2-held/remoteEntry.js');
    // The new worker is still importing its remotes: the page is not sent to the browser to render, it renders
    // with the worker that is ready (and pins that worker's remotes.json).
    expect(await renderedWith(50)).toBe('http://remote/v1/remoteEntry.js');
    expect(await renderedWith(50)).toBe('http://remote/v1/remoteEntry.js');
    await release('http://remote/v2-held/remoteEntry.js');
    await vi.waitFor(async () => expect(await renderedWith(50)).toBe('http://remote/v2-held/remoteEntry.js'));
  });

  it('a newer edit made while a worker starts wins, and the version before renders until it is ready', async () => {
    await writeRemotes('http://remote/v2-held/remoteEntry.js');
    expect(await renderedWith(50)).toBe('http://remote/v1/remoteEntry.js');
    await writeRemotes('http://remote/v3/remoteEntry.js');
    await vi.waitFor(async () => expect(await renderedWith(50)).toBe('http://remote/v3/remoteEntry.js'));
  });

  it('without any worker ready, a request waits a bounded time, then its page renders in the browser', async () => {
    await pool.close();
    await writeRemotes('http://remote/first-held/remoteEntry.js');
    pool = newPool();
    const started = pool.start();
    await expect(pool.renderer(50)).rejects.toBeInstanceOf(RenderPoolBusy);
    await release('http://remote/first-held/remoteEntry.js');
    await started;
    expect(await renderedWith(50)).toBe('http://remote/first-held/remoteEntry.js');
  });

  describe('with previews', () => {
    const restart = async (extra: Partial<RenderPoolOptions>) => {
      await pool.close();
      pool = newPool(extra);
      await pool.start();
    };

    it('renders a preview’s manifest on a worker of its own, and the same manifest as the base on the base worker', async () => {
      await restart({ extraWorkers: 2 });
      expect(await renderedWith(1_000, manifestOf('http://remote/preview-a/remoteEntry.js'))).toBe('http://remote/preview-a/remoteEntry.js');
      expect(await renderedWith(50)).toBe('http://remote/v1/remoteEntry.js');
      expect(pool.liveWorkers).toBe(2);
      expect(await renderedWith(50, manifestOf('http://remote/v1/remoteEntry.js'))).toBe('http://remote/v1/remoteEntry.js');
      expect(pool.liveWorkers).toBe(2);
    });

    it('keeps at most its cap of preview workers over 20 distinct previews in a row, ending the least recently used', async () => {
      await restart({ extraWorkers: 3 });
      let most = 0;
      for (let i = 0; i < 20; i++) {
        const entry = `http://remote/preview-${i}/remoteEntry.js`;
        expect(await renderedWith(1_000, manifestOf(entry))).toBe(entry);
        most = Math.max(most, pool.liveWorkers);
      }
      expect(most).toBe(4);
      // The three most recent are still warm; the first was ended long ago and starts afresh.
      expect(await renderedWith(1_000, manifestOf('http://remote/preview-19/remoteEntry.js'))).toBe('http://remote/preview-19/remoteEntry.js');
      expect(pool.liveWorkers).toBe(4);
    });

    it('ends a preview worker left unused for its idle time', async () => {
      await restart({ extraWorkers: 3, extraIdleMs: 100, watchIntervalMs: 20 });
      await renderedWith(1_000, manifestOf('http://remote/preview-idle/remoteEntry.js'));
      expect(pool.liveWorkers).toBe(2);
      await vi.waitFor(() => expect(pool.liveWorkers).toBe(1), { timeout: 2_000 });
      expect(await renderedWith(50)).toBe('http://remote/v1/remoteEntry.js');
    });

    it('renders no preview on the server when none is kept for them (cap 0), nor waits past its bound for a slow one', async () => {
      await restart({ extraWorkers: 0 });
      await expect(pool.renderer(50, manifestOf('http://remote/preview-x/remoteEntry.js'))).rejects.toBeInstanceOf(RenderPoolBusy);
      await restart({ extraWorkers: 1 });
      await expect(pool.renderer(50, manifestOf('http://remote/preview-held/remoteEntry.js'))).rejects.toBeInstanceOf(RenderPoolBusy);
      await release('http://remote/preview-held/remoteEntry.js');
      await vi.waitFor(async () => expect(await renderedWith(50, manifestOf('http://remote/preview-held/remoteEntry.js'))).toBe('http://remote/preview-held/remoteEntry.js'));
    });
  });

  describe('smoke renders', () => {
    const smoke = (entry: string) =>
      pool.smokeRender(manifestOf(entry), 'mf-catalogue', ['/es/index', '/es/cat/x'], { config: { apiUrl: 'http://api' }, apiUrl: 'http://api', budgetMs: 150 }, 1_000);

    it('pass a version whose pages all render in budget, keeping its worker a while for the deploy, then ending it', async () => {
      await pool.close();
      pool = newPool({ warmMs: 100 });
      await pool.start();
      expect(await smoke('http://remote/v2/remoteEntry.js')).toBeUndefined();
      expect(pool.liveWorkers).toBe(2);
      await vi.waitFor(() => expect(pool.liveWorkers).toBe(1));
    });

    it('render a deployed version at once with the smoke worker that passed it, not a new worker', async () => {
      // A new worker for this entry would hold its ready until released again: only the smoke worker can render it.
      const held = pool.smokeRender(manifestOf('http://remote/deployed-held/remoteEntry.js'), 'mf-catalogue', ['/es/index'], { config: { apiUrl: 'http://api' }, apiUrl: 'http://api', budgetMs: 150 }, 5_000);
      await release('http://remote/deployed-held/remoteEntry.js');
      expect(await held).toBeUndefined();
      await writeRemotes('http://remote/deployed-held/remoteEntry.js');
      await vi.waitFor(async () => expect(await renderedWith(50)).toBe('http://remote/deployed-held/remoteEntry.js'), { timeout: 1_000 });
      expect(pool.liveWorkers).toBe(1);
    });

    it('name why a version fails: its server entry, a page that throws, a page over budget, a worker that never starts', async () => {
      expect(await smoke('http://remote/unloadable/remoteEntry.js')).toBe('its server entry http://remote/unloadable/remoteEntry.ssr.js did not load: exports no exposes');
      expect(await smoke('http://remote/throws/remoteEntry.js')).toBe('/es/index did not render on the server: ProductPage threw at /es/index');
      expect(await smoke('http://remote/slow/remoteEntry.js')).toMatch(/^\/es\/index took \d+ ms to render, over the 150 ms budget$/);
      expect(await smoke('http://remote/never-held/remoteEntry.js')).toBe('its scratch render worker failed: it was still importing its remotes after 1000 ms');
      expect(pool.liveWorkers).toBe(1);
    });
  });
});
