import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('errors a client can cause', () => {
  it.each([
    ['an over-long path segment', `/products/search/${'a'.repeat(150)}`, 414, 'The address is too long.'],
    ['a broken percent-encoding', '/products/slug/%zz', 400, 'The address is not valid.'],
    ['an unknown route', '/nope', 404, 'No route for GET /nope'],
  ])('%s gets a 4xx with a message', async (_name, path, status, message) => {
    const res = await t.request('GET', path);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ message });
  });

  it('answers malformed JSON and unknown content types in the API format', async () => {
    const badJson = await fetch(`${t.baseUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
    const xml = await fetch(`${t.baseUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>' });
    expect(xml.status).toBe(415);
  });

  it('refuses a JSON body over the limit with 413', async () => {
    const res = await t.request('POST', '/contact', { json: { email: 'a@b.co', subject: 'x', message: 'y'.repeat(100_000) } });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request is too large.');
  });
});
