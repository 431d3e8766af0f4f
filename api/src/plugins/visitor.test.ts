import { afterEach, describe, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, uploadProduct } from '../test/fixtures.js';
import { fromSite, fromSiteAt, TRUSTED_LOOPBACK } from '../test/site-origin.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { visitorAddress } from './visitor.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the address a visitor is counted by', () => {
  it('is an IPv4 address as it is', () => {
    expect(visitorAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(visitorAddress('198.51.100.9')).not.toBe(visitorAddress('198.51.100.10'));
  });

  it('is the IPv4 address inside an IPv4-mapped IPv6 address, in either notation', () => {
    expect(visitorAddress('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(visitorAddress('::FFFF:1.2.3.4')).toBe('1.2.3.4');
    expect(visitorAddress('::ffff:102:304')).toBe('1.2.3.4');
    expect(visitorAddress('0:0:0:0:0:ffff:1.2.3.4')).toBe('1.2.3.4');
  });

  it('is the /64 prefix of an IPv6 address, however the address is written', () => {
    const prefix = visitorAddress('2001:db8:85a3:1::1');
    expect(prefix).toBe('2001:db8:85a3:1::/64');
    for (const sameNetwork of [
      '2001:db8:85a3:1:ffff:ffff:ffff:ffff',
      '2001:0db8:85a3:0001:0000:0000:0000:0002',
      '2001:DB8:85A3:1:A:B:C:D',
      '2001:db8:85a3:1::1.2.3.4',
      '2001:db8:85a3:1::9%eth0',
    ]) {
      expect(visitorAddress(sameNetwork), sameNetwork).toBe(prefix);
    }
    expect(visitorAddress('2001:db8:85a3:2::1')).toBe('2001:db8:85a3:2::/64');
    expect(visitorAddress('::1')).toBe('0:0:0:0::/64');
    expect(visitorAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything else alone rather than failing', () => {
    expect(visitorAddress('')).toBe('');
    expect(visitorAddress('not an address')).toBe('not an address');
  });
});

/** Opens a product's store link twice, as two "clients" that differ only in X-Forwarded-For; the download count after, and the rows. */
async function downloadsFromTwoForwardedClients(trustProxy: string[], addresses: [string, string]) {
  t = await createTestApp({ trustProxy });
  await insertTaxonomy(t);
  const owner = await registerUser(t);
  const product = await uploadProduct(t, owner.token);
  let downloads = 0;
  for (const ip of addresses) {
    const res = await t.request('POST', `/products/${product.id}/downloads`, { headers: fromSiteAt(ip, { 'user-agent': 'same-browser' }) });
    expect(res.status).toBe(200);
    downloads = res.body.results.data.downloads;
  }
  const rows = await t.app.db.selectFrom('downloads').select('visitor').execute();
  return { downloads, visitors: rows.map((r) => r.visitor) };
}

describe('visitor identity', () => {
  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const { downloads } = await downloadsFromTwoForwardedClients([], ['203.0.113.7', '198.51.100.9']);
    expect(downloads).toBe(1);
  });

  it('takes the client address from a trusted proxy, and keeps only a salted hash of it', async () => {
    const { downloads, visitors } = await downloadsFromTwoForwardedClients(TRUSTED_LOOPBACK, ['203.0.113.7', '198.51.100.9']);
    expect(downloads).toBe(2);
    for (const visitor of visitors) {
      expect(visitor).toMatch(/^v:[\w-]{43}$/);
      expect(visitor).not.toContain('203.0.113.7');
    }
  });

  it('counts two IPv6 addresses of one /64 as one visitor, and another /64 as another', async () => {
    const same = await downloadsFromTwoForwardedClients(TRUSTED_LOOPBACK, ['2001:db8:7:1::10', '2001:db8:7:1:abcd:1234:5678:9']);
    expect(same.downloads).toBe(1);
    await t?.close();
    const other = await downloadsFromTwoForwardedClients(TRUSTED_LOOPBACK, ['2001:db8:7:1::10', '2001:db8:7:2::10']);
    expect(other.downloads).toBe(2);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', async () => {
    const { downloads, visitors } = await downloadsFromTwoForwardedClients(TRUSTED_LOOPBACK, ['::ffff:192.0.2.33', '192.0.2.33']);
    expect(downloads).toBe(1);
    expect(visitors).toHaveLength(1);
  });

  it('never tells visitors apart by User-Agent: 30 browsers on one address are one visitor', async () => {
    const app = await createTestApp();
    t = app;
    const owner = await registerUser(app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => app.request('POST', `/users/${owner.username}/visit`, { headers: fromSite({ 'user-agent': `Browser/${i}` }) })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(answers.filter((a) => a.body.counted === true)).toHaveLength(1);
    expect(await app.app.db.selectFrom('profile_visits').selectAll().where('user_id', '=', owner.id).execute()).toHaveLength(1);
  });
});
