import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '@linkhunt/contracts/log-redaction';
import { createTestApp, type TestApp } from '../test/test-app.js';

const SECRET = 'Zx8_kq2LmN4pQr7sTuV9wXyZ01aBcD';
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' }, undefined, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => t.close());

describe('request logs', () => {
  it('never hold the token of a reset or verify link, in the query or the path', async () => {
    await t.request('GET', `/products/featured?token=${SECRET}`);
    await t.request('GET', `/es/reset-password?lng=es&token=${SECRET}`);
    await t.request('GET', `/auth/verify/${SECRET}`);
    await t.request('POST', '/auth/reset', { json: { token: SECRET, password: 'whatever-password-1' } });
    const logged = lines.join('');
    expect(logged).toContain('"url":"/products/featured?token=[REDACTED]"');
    expect(logged).toContain('"url":"/es/reset-password?lng=es&token=[REDACTED]"');
    expect(logged).toContain('"url":"/auth/verify/[REDACTED]"');
    expect(logged).not.toContain(SECRET);
  });
});

describe('redactUrl', () => {
  it('hides token-like query parameters and opaque path tokens', () => {
    expect(redactUrl(`/en/verify-email?lng=en&token=${SECRET}&x=1`)).toBe('/en/verify-email?lng=en&token=[REDACTED]&x=1');
    expect(redactUrl('/x?reset_token=1&api_key=2&password=3&code=4')).toBe('/x?reset_token=[REDACTED]&api_key=[REDACTED]&password=[REDACTED]&code=[REDACTED]');
    expect(redactUrl(`/auth/verify/${encodeURIComponent(SECRET)}`)).toBe('/auth/verify/[REDACTED]');
  });

  it('leaves ordinary addresses readable', () => {
    for (const url of ['/es/product/nike-air-max-90-white-black-2024-edition', '/products?page=2&sort=rating&q=token', '/users/username/Maria1', '/', '/images/2f9c1d2e8a7b4c3d.webp'])
      expect(redactUrl(url)).toBe(url);
  });
});
