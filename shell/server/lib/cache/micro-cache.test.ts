import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { cachedPage, encodedBody, MicroCache } from './micro-cache.ts';

const page = (html: string, ttlMs = 1_000) => cachedPage(200, 'public', html, ttlMs);

describe('MicroCache', () => {
  it('renders a burst of requests for one key once', async () => {
    const cache = new MicroCache();
    let finish!: () => void;
    const render = vi.fn(() => new Promise<ReturnType<typeof page>>((resolve) => (finish = () => resolve(page('<p>a</p>')))));
    const burst = Array.from({ length: 20 }, () => cache.get('k', render));
    finish();
    const pages = await Promise.all(burst);
    expect(render).toHaveBeenCalledTimes(1);
    expect(new Set(pages).size).toBe(1);
    await cache.get('k', render);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders again once the page has expired, and keeps nothing with no time to live', async () => {
    vi.useFakeTimers();
    try {
      const cache = new MicroCache();
      const render = vi.fn(async () => page('<p>a</p>', 1_000));
      await cache.get('k', render);
      vi.advanceTimersByTime(999);
      await cache.get('k', render);
      expect(render).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(2);
      await cache.get('k', render);
      expect(render).toHaveBeenCalledTimes(2);

      const never = vi.fn(async () => page('<p>b</p>', 0));
      await cache.get('n', never);
      await cache.get('n', never);
      expect(never).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders afresh when asked (a reload), and keeps the new page', async () => {
    const cache = new MicroCache();
    let version = 0;
    const render = async () => page(`<p>${++version}</p>`);
    expect((await cache.get('k', render)).body.toString()).toBe('<p>1</p>');
    expect((await cache.get('k', render, true)).body.toString()).toBe('<p>2</p>');
    expect((await cache.get('k', render)).body.toString()).toBe('<p>2</p>');
  });

  it('does not keep a failed render', async () => {
    const cache = new MicroCache();
    await expect(cache.get('k', () => Promise.reject(new Error('worker gone')))).rejects.toThrow('worker gone');
    expect((await cache.get('k', async () => page('<p>ok</p>'))).body.toString()).toBe('<p>ok</p>');
  });

  it('holds at most its bound in bytes, compressed forms included, dropping the least recently used first', async () => {
    // A page of 40 KB of text that compresses to a few KB: two fit in 100 KB, a third pushes the oldest out.
    const big = (n: number) => page(`<p>${String(n).repeat(40_000)}</p>`);
    const cache = new MicroCache({ maxBytes: 100_000, staleMs: 60_000 });
    const render = vi.fn(async () => big(render.mock.calls.length));
    await cache.get('a', render);
    await cache.get('b', render);
    expect(cache.bytes).toBeGreaterThan(80_000);
    await cache.get('a', render);
    expect(render).toHaveBeenCalledTimes(2);
    await cache.get('c', render);
    expect(render).toHaveBeenCalledTimes(3);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    // b was the least recently used.
    await cache.get('a', render);
    expect(render).toHaveBeenCalledTimes(3);
    await cache.get('b', render);
    expect(render).toHaveBeenCalledTimes(4);

    // A compressed form made later counts too: 20,000 bytes of body and 20,000 of incompressible "gzip" fill it.
    const small = new MicroCache({ maxBytes: 50_000, staleMs: 60_000 });
    const one = await small.get('x', async () => page('x'.repeat(20_000)));
    await small.get('y', async () => page('y'.repeat(20_000)));
    expect(small.bytes).toBe(40_000);
    const gzip = await encodedBody(one, 'gzip');
    expect(small.bytes).toBe(40_000 + gzip.length);
    one.encoded.br = Buffer.alloc(20_000);
    one.grown?.();
    // x with its forms is now past what is left: the least recently used (x itself, read last before y) goes.
    expect(small.bytes).toBeLessThanOrEqual(50_000);
  });

  it('keeps an expired page a while as stale, then drops it', async () => {
    vi.useFakeTimers();
    try {
      const cache = new MicroCache({ maxBytes: 1_000_000, staleMs: 10_000 });
      const kept = await cache.get('k', async () => page('<p>a</p>', 1_000));
      expect(cache.lookup('k')).toEqual({ page: kept, fresh: true });
      vi.advanceTimersByTime(1_001);
      expect(cache.lookup('k')).toEqual({ page: kept, fresh: false });
      vi.advanceTimersByTime(10_000);
      expect(cache.lookup('k')).toBeUndefined();
      expect(cache.bytes).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a cached page', () => {
  it('carries its ETag and the hashes its policy needs, and compresses once per encoding', async () => {
    const cached = cachedPage(200, 'public', '<html><head><script>boot()</script><script type="application/json">{}</script></head></html>', 1_000);
    expect(cached.etag).toMatch(/^"[\w-]{27}"$/);
    expect(cached.inline.scripts).toHaveLength(1);
    const [br, again] = await Promise.all([encodedBody(cached, 'br'), encodedBody(cached, 'br')]);
    expect(again).toBe(br);
    expect(await encodedBody(cached, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(cached.body.toString());
    expect(gunzipSync(await encodedBody(cached, 'gzip')).toString()).toBe(cached.body.toString());
    expect(await encodedBody(cached, undefined)).toBe(cached.body);
  });
});

describe('a page rendered without the API', () => {
  it('never replaces a good page kept, which stays as the stale page', async () => {
    vi.useFakeTimers();
    try {
      const cache = new MicroCache({ maxBytes: 1_000_000, staleMs: 60_000 });
      const good = await cache.get('k', async () => page('<p>good</p>', 1_000));
      vi.advanceTimersByTime(1_001);
      const unavailable = await cache.get('k', async () => cachedPage(503, 'no-store', '<p>unavailable</p>', 1_000));
      expect(unavailable.status).toBe(503);
      expect(cache.lookup('k')).toEqual({ page: good, fresh: false });
      // With nothing good kept, it is kept (briefly) like any page.
      const alone = await cache.get('n', async () => cachedPage(503, 'no-store', '<p>unavailable</p>', 1_000));
      expect(cache.lookup('n')?.page).toBe(alone);
    } finally {
      vi.useRealTimers();
    }
  });
});
