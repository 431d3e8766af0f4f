import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, uploadProduct } from '../test/fixtures.js';
import { acceptsGzip, addVary } from './read-cache.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
});
afterAll(async () => t.close());

it('serves a repeated public read from the cache', async () => {
  const first = await t.request('GET', '/products/recents');
  const second = await t.request('GET', '/products/recents');
  expect(first.headers.get('x-cache')).toBeNull();
  expect(second.headers.get('x-cache')).toBe('hit');
  expect(second.body).toEqual(first.body);
  expect(second.headers.get('content-type')).toMatch(/^application\/json/);
});

it('shows a write through this process at once', async () => {
  const owner = await registerUser(t);
  await t.request('GET', '/products/recents');
  const product = await uploadProduct(t, owner.token, { title: 'Cached away' });
  const after = await t.request('GET', '/products/recents');
  expect(after.headers.get('x-cache')).toBeNull();
  expect(after.body.results.data.map((p: { id: number }) => p.id)).toContain(product.id);
});

it('never caches the store links, whose call counts a download', async () => {
  const owner = await registerUser(t);
  const product = await uploadProduct(t, owner.token);
  await t.request('GET', `/products/${product.id}`);
  const again = await t.request('GET', `/products/${product.id}`);
  expect(again.headers.get('x-cache')).toBeNull();
});

it('does not cache failures', async () => {
  await t.request('GET', '/products/slug/nothing-here');
  const again = await t.request('GET', '/products/slug/nothing-here');
  expect(again.status).toBe(404);
  expect(again.headers.get('x-cache')).toBeNull();
});

it('computes an answer once when many ask for it at the same moment', async () => {
  const owner = await registerUser(t);
  await uploadProduct(t, owner.token); // empties the cache
  const answers = await Promise.all(Array.from({ length: 12 }, () => t.request('GET', '/products/featured')));
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(answers.filter((a) => a.headers.get('x-cache') !== 'hit')).toHaveLength(1);
});

describe('gzip', () => {
  it('answers a list of more than a kilobyte gzipped to a client that accepts it, and plain to one that does not', async () => {
    const owner = await registerUser(t);
    for (let i = 0; i < 6; i++) await uploadProduct(t, owner.token, { title: `Zapatilla número ${i}` });
    for (const attempt of ['miss', 'hit']) {
      const gz = await fetch(`${t.baseUrl}/products/recents`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding'), attempt).toBe('gzip');
      expect(gz.headers.get('vary')).toMatch(/accept-encoding/i);
      const zipped = (await gz.json()) as { results: { data: unknown[] } };
      expect(zipped.results.data.length).toBeGreaterThanOrEqual(6);
      const plain = await fetch(`${t.baseUrl}/products/recents`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.json()).toEqual(zipped);
    }
  });

  it.each([
    [undefined, false],
    ['identity', false],
    ['gzip', true],
    ['br, gzip;q=0.8', true],
    ['gzip;q=0', false],
    ['*', true],
  ])('reads accept-encoding %s as gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('Vary', () => {
  it('keeps CORS\'s Origin beside Accept-Encoding, and each origin gets its own Access-Control-Allow-Origin from one cached answer', async () => {
    const [site = '', other = ''] = t.config.corsOrigins;
    expect(site).not.toBe(other);
    const owner = await registerUser(t);
    await uploadProduct(t, owner.token); // empties the cache
    const first = await t.request('GET', '/categories', { headers: { origin: site, 'accept-encoding': 'gzip' } });
    const second = await t.request('GET', '/categories', { headers: { origin: other, 'accept-encoding': 'gzip' } });
    expect(first.headers.get('x-cache')).toBeNull();
    expect(second.headers.get('x-cache')).toBe('hit');
    for (const [res, origin] of [[first, site], [second, other]] as const) {
      const vary = (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
      expect(vary).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
      expect(new Set(vary).size).toBe(vary.length);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const foreign = await t.request('GET', '/categories', { headers: { origin: 'https://elsewhere.example' } });
    expect(foreign.headers.get('x-cache')).toBe('hit');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('vary')).toMatch(/origin/i);
  });
});

describe('addVary', () => {
  it('adds a field once, keeps what is there, and leaves Vary: * alone', async () => {
    const headers = new Map<string, string | string[] | undefined>();
    const reply = {
      getHeader: (name: string) => headers.get(name),
      header(name: string, value: string) {
        headers.set(name, value);
        return reply;
      },
    } as unknown as Parameters<typeof addVary>[0];
    addVary(reply, 'Accept-Encoding');
    expect(headers.get('vary')).toBe('Accept-Encoding');
    headers.set('vary', 'Origin');
    addVary(reply, 'Accept-Encoding');
    addVary(reply, 'accept-encoding');
    expect(headers.get('vary')).toBe('Origin, Accept-Encoding');
    headers.set('vary', '*');
    addVary(reply, 'Accept-Encoding');
    expect(headers.get('vary')).toBe('*');
  });
});
