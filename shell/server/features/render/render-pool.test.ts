import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BroadcastChannel } from 'node:worker_threads';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RenderPool, RenderPoolBusy } from './render-pool.ts';

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
  const newPool = () =>
    new RenderPool({ workerFile: new URL('./render-pool.test-worker.mjs', import.meta.url), distDir, cacheDir: join(distDir, 'cache'), watchIntervalMs: 60_000, log: () => undefined });
  const renderedWith = async (maxWaitMs: number) => {
    const renderer = await pool.renderer(maxWaitMs);
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
});
