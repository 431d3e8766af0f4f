import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ corsOrigins: ['https://linkhunt.example'] });
});
afterAll(async () => t.close());

describe('headers and service routes', () => {
  it('lets the site origin read answers and no other origin', async () => {
    const site = await t.request('GET', '/health', { headers: { origin: 'https://linkhunt.example' } });
    expect(site.headers.get('access-control-allow-origin')).toBe('https://linkhunt.example');
    const other = await t.request('GET', '/health', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await t.request('OPTIONS', '/products/report', {
      headers: { origin: 'https://linkhunt.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
  });

  it('sends the helmet headers, letting other origins embed images', async () => {
    const res = await t.request('GET', '/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('reports liveness and database readiness', async () => {
    expect((await t.request('GET', '/health')).body).toEqual({ status: 'ok' });
    expect((await t.request('GET', '/ready')).body).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI 3 document generated from the routes, and its UI', async () => {
    const doc = await t.request('GET', '/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const path of ['/products/featured', '/products/search/{query}', '/auth/login', '/products/{id}/valorations', '/users/username/{username}/valorations', '/admin/reports']) {
      expect(Object.keys(doc.body.paths)).toContain(path);
    }
    expect(doc.body.paths['/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'email', 'password']),
    );
    const ui = await t.request('GET', '/docs/');
    expect(ui.status).toBe(200);
    expect(String(ui.body)).toMatch(/swagger/i);
  });
});

describe('Content-Security-Policy', () => {
  it("gives every API answer default-src 'none' and frame-ancestors 'none', whatever its status", async () => {
    for (const path of ['/health', '/products/featured', '/products/slug/not-there', '/no-such-route', '/auth/me']) {
      const res = await t.request('GET', path);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('gives the docs UI a policy of its own, under which its page and its document load', async () => {
    for (const path of ['/docs/', '/docs/json', '/docs/static/index.html']) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(200);
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy, path).toMatch(/^default-src 'self';/);
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toMatch(/script-src 'self'/);
      expect(policy, path).not.toContain('unsafe-');
      expect(policy, path).not.toContain('upgrade-insecure-requests');
    }
  });
});
