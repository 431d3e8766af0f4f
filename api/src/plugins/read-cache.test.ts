import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, uploadProduct } from '../test/fixtures.js';
import { acceptsGzip } from './read-cache.js';
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
