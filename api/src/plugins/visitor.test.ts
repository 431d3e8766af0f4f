import { afterEach, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, uploadProduct } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Fetches the store links twice, as two "clients" that differ only in X-Forwarded-For; returns the download count after. */
async function downloadsFromTwoForwardedClients(trustProxy: string[]): Promise<{ downloads: number; visitors: string[] }> {
  t = await createTestApp({ trustProxy });
  await insertTaxonomy(t);
  const owner = await registerUser(t);
  const product = await uploadProduct(t, owner.token);
  let downloads = 0;
  for (const ip of ['203.0.113.7', '198.51.100.9']) {
    const res = await t.request('GET', `/products/${product.id}`, { headers: { 'x-forwarded-for': ip, 'user-agent': 'same-browser' } });
    downloads = res.body.results.data.downloads;
  }
  const rows = await t.app.db.selectFrom('downloads').select('visitor').execute();
  return { downloads, visitors: rows.map((r) => r.visitor) };
}

describe('visitor identity', () => {
  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const { downloads } = await downloadsFromTwoForwardedClients([]);
    expect(downloads).toBe(1);
  });

  it('takes the client address from a trusted proxy', async () => {
    const { downloads, visitors } = await downloadsFromTwoForwardedClients(['127.0.0.1']);
    expect(downloads).toBe(2);
    // A salted hash, never the address itself.
    for (const visitor of visitors) {
      expect(visitor).toMatch(/^v:[\w-]{43}$/);
      expect(visitor).not.toContain('203.0.113.7');
    }
  });
});
