import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUCKET_COOKIE, CANARY_HEADER } from '@linkhunt/contracts/platform';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import type { FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildShellServer } from '../../app.ts';
import { testShellOptions } from '../../test-shell-options.ts';

const CDN = 'http://127.0.0.1:9';
const base = Object.fromEntries(['mf-catalogue', 'mf-product', 'mf-search', 'mf-account', 'mf-admin'].map((id) => [id, { entry: `${CDN}/${id}/v1/remoteEntry.js` }])) as RemotesManifest;
const CANARY = `${CDN}/mf-product/v2/remoteEntry.js`;
const withCanary = (percent: number): RemotesManifest => ({ ...base, 'mf-product': { ...base['mf-product'], canary: { entry: CANARY, percent } } });

let dir: string;
let app: FastifyInstance;
let url: string;

const writeRemotes = async (manifest: RemotesManifest) => {
  await writeFile(join(dir, '.remotes.json.tmp'), JSON.stringify(manifest));
  await rename(join(dir, '.remotes.json.tmp'), join(dir, 'remotes.json'));
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shell-canaries-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'config.json'), JSON.stringify({ apiUrl: 'http://127.0.0.1:9' }));
  await writeRemotes(withCanary(10));
  // Checked at every request, as in production (REMOTES_WATCH_MS only bounds an idle server).
  // The simulated visitors all come from one address: its share of the server is raised to let them in at once.
  app = await buildShellServer(
    testShellOptions(dir, new URL('./manifest-echo.test-worker.mjs', import.meta.url), { requestsPerClient: 32, renderQueue: { concurrency: 8, maxWaiting: 64, clientShare: 64 } }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const bootRemotes = (html: string) => (JSON.parse(/id="linkhunt-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as { remotes?: RemotesManifest }).remotes;

/** One visitor's load of the home page: whether they got the canary, and their bucket cookie. */
async function load(cookie?: string): Promise<{ canary: boolean; cookie: string; answer: Response; html: string }> {
  const answer = await fetch(`${url}/es/index`, { headers: cookie ? { cookie } : {} });
  const html = await answer.text();
  const entry = bootRemotes(html)?.['mf-product']?.entry;
  const canary = answer.headers.get(CANARY_HEADER) === 'mf-product';
  // The header and the page agree on what the visitor got.
  expect(entry).toBe(canary ? CANARY : base['mf-product'].entry);
  return { canary, cookie: cookie ?? (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '', answer, html };
}

describe('a canary', () => {
  const visitors: { cookie: string; canary: boolean }[] = [];

  it('at 10 % reaches 9–11 % of 10,000 visitors, each given a bucket on their first page', { timeout: 120_000 }, async () => {
    const limit = pLimit(16);
    visitors.push(...(await Promise.all(Array.from({ length: 10_000 }, () => limit(() => load())))));
    expect(visitors.every(({ cookie }) => cookie.startsWith(`${BUCKET_COOKIE}=`))).toBe(true);
    expect(new Set(visitors.map(({ cookie }) => cookie)).size).toBe(10_000);
    const share = visitors.filter(({ canary }) => canary).length / visitors.length;
    expect(share).toBeGreaterThanOrEqual(0.09);
    expect(share).toBeLessThanOrEqual(0.11);
  });

  it('stays with each visitor over 20 loads, in and out of it', { timeout: 60_000 }, async () => {
    const sample = [...visitors.filter(({ canary }) => canary).slice(0, 25), ...visitors.filter(({ canary }) => !canary).slice(0, 25)];
    for (const visitor of sample) {
      for (let n = 0; n < 20; n++) expect((await load(visitor.cookie)).canary).toBe(visitor.canary);
    }
  });

  it('gives its pages and remotes.json privately, and never shows its entry to a visitor outside it', async () => {
    const inside = visitors.find(({ canary }) => canary);
    const outside = visitors.find(({ canary }) => !canary);
    const canaryPage = await load(inside?.cookie);
    expect(canaryPage.answer.headers.get('cache-control')).toBe('private, no-store');
    expect(canaryPage.answer.headers.get('content-security-policy')).toContain(CDN);
    const basePage = await load(outside?.cookie);
    expect(basePage.answer.headers.get('cache-control')).toMatch(/^public/);
    expect(basePage.html).not.toContain('/v2/');
    const remotesOf = async (cookie?: string) => (await fetch(`${url}/remotes.json`, { headers: { cookie: cookie ?? '' } })).json();
    expect(await remotesOf(inside?.cookie)).toEqual({ ...base, 'mf-product': { entry: CANARY } });
    expect(await remotesOf(outside?.cookie)).toEqual(base);
  });

  it('raised to 30 % keeps every visitor who had it at 10 %', { timeout: 60_000 }, async () => {
    await writeRemotes(withCanary(30));
    const sample = visitors.slice(0, 2_000);
    const limit = pLimit(16);
    const again = await Promise.all(sample.map((visitor) => limit(async () => ({ before: visitor.canary, now: (await load(visitor.cookie)).canary }))));
    expect(again.filter(({ before, now }) => before && !now)).toEqual([]);
    const share = again.filter(({ now }) => now).length / again.length;
    expect(share).toBeGreaterThan(0.26);
    expect(share).toBeLessThan(0.34);
  });

  it('aborted (taken out of remotes.json), returns everyone to the base on their next page, with no new buckets set', async () => {
    await writeRemotes(base);
    const inside = visitors.filter(({ canary }) => canary).slice(0, 20);
    for (const visitor of inside) await vi.waitFor(async () => expect((await load(visitor.cookie)).canary).toBe(false));
    const newcomer = await fetch(`${url}/es/index`);
    expect(newcomer.headers.get('set-cookie')).toBeNull();
    expect(newcomer.headers.get('cache-control')).toMatch(/^public/);
  });
});
