import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, uploadProduct } from '../test/fixtures.js';
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
