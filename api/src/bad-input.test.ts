import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertTaxonomy, registerUser, uploadProduct } from './test/fixtures.js';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
let token: string;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  token = (await registerUser(t)).token;
  await uploadProduct(t, token);
  const doc = await t.request('GET', '/docs/json');
  routes = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => t.close());

const paramValues = ['1', '0', '-1', '99999999999999999999', 'abc', '%F0%9F%92%A9', "x'%20or%201=1--", '..%2F..%2Fetc%2Fpasswd'];
const noBody = { label: 'no body', init: {} as RequestInit };
const bodies: { label: string; init: RequestInit }[] = [
  noBody,
  { label: 'empty JSON', init: { body: '{}', headers: { 'content-type': 'application/json' } } },
  { label: 'JSON array', init: { body: '[1,2]', headers: { 'content-type': 'application/json' } } },
  { label: 'JSON null', init: { body: 'null', headers: { 'content-type': 'application/json' } } },
  { label: 'wrong types', init: { body: JSON.stringify({ id: 'x', stars: [], email: 5, password: null, username: {}, subject: true, message: 1e308 }), headers: { 'content-type': 'application/json' } } },
  { label: 'broken JSON', init: { body: '{"a":', headers: { 'content-type': 'application/json' } } },
  { label: 'form urlencoded', init: { body: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } } },
  { label: 'multipart without boundary', init: { body: 'garbage', headers: { 'content-type': 'multipart/form-data' } } },
  { label: 'broken multipart', init: { body: '--xx\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc', headers: { 'content-type': 'multipart/form-data; boundary=xx' } } },
];

it('answers no bad input on any documented route with a 500', async () => {
  const failures: string[] = [];
  for (const route of routes) {
    const paths = route.path.includes('{') ? paramValues.map((v) => route.path.replace(/\{[^}]+\}/g, v)) : [route.path];
    for (const path of paths) {
      for (const { label, init } of route.method === 'GET' || route.method === 'DELETE' ? [noBody] : bodies) {
        for (const auth of [undefined, token]) {
          const headers = { ...(init.headers as Record<string, string> | undefined), ...(auth ? { authorization: `Bearer ${auth}` } : {}) };
          const res = await fetch(`${t.baseUrl}${path}?page=-5&per_page=abc&include=%00`, { ...init, method: route.method, headers });
          if (res.status >= 500) failures.push(`${route.method} ${path} (${label}, ${auth ? 'signed in' : 'anonymous'}): ${res.status} ${await res.text()}`);
          else await res.arrayBuffer();
        }
      }
    }
  }
  expect(failures).toEqual([]);
}, 120_000);

// The sweep above signs out with `token` (POST /auth/logout), so the tests below sign in afresh.
it('answers a body that is not the multipart it claims with a 400 the form can show', async () => {
  const { token: fresh } = await registerUser(t);
  const res = await fetch(`${t.baseUrl}/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fresh}`, 'content-type': 'multipart/form-data; boundary=xx' },
    body: '--xx\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc',
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ message: 'The form could not be read. Send it again as multipart/form-data.' });
});

it('refuses a form with more parts than any real form has', async () => {
  const form = new FormData();
  for (let i = 0; i < 100; i++) form.append('colors[]', `c${i}`);
  const res = await t.request('POST', '/products', { token: (await registerUser(t)).token, form });
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(typeof res.body.message).toBe('string');
});
