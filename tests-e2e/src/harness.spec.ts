import { expect, test } from './support/test.ts';
import { readRemotes, withRemotes } from './harness/remotes-file.ts';
import { readStack } from './harness/stack.ts';

// Proves the harness itself (no browser needed): the API, the shell and the remotes are up on the e2e ports
// and served with the headers the real site relies on.

test('the API answers /health at the stack URL, with CORS for the shell', async ({ request }) => {
  const { apiUrl, shellUrl } = readStack();
  const response = await request.get(`${apiUrl}/health`, { headers: { origin: shellUrl } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
  expect(response.headers()['access-control-allow-origin']).toBe(shellUrl);
});

test('the shell server renders a deep path, and a missing file is no page', async ({ request }) => {
  const response = await request.get('/es/about');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  expect(await response.text()).toMatch(/^<!DOCTYPE html>/i);
  expect((await request.get('/missing-file.js')).status()).toBe(404);
});

test('the served config.json and remotes.json name the e2e ports', async ({ request }) => {
  const stack = readStack();
  const config = (await (await request.get('/config.json')).json()) as { apiUrl: string; siteUrl: string };
  expect(config).toMatchObject({ apiUrl: stack.apiUrl, siteUrl: stack.shellUrl });
  const served = await (await request.get('/remotes.json')).json();
  expect(served).toEqual(await readRemotes());
  for (const remote of Object.values(stack.remotes)) expect(JSON.stringify(served)).toContain(`${remote.url}/remoteEntry.js`);
});

test('each remote serves remoteEntry.js with CORS and no-cache', async ({ request }) => {
  for (const remote of Object.values(readStack().remotes)) {
    const response = await request.get(`${remote.url}/remoteEntry.js`, { headers: { origin: readStack().shellUrl } });
    expect(response.status(), remote.url).toBe(200);
    expect(response.headers()['content-type']).toContain('javascript');
    expect(response.headers()['access-control-allow-origin']).toBe('*');
    expect(response.headers()['cache-control']).toBe('no-cache');
  }
});

test('a hashed asset is immutable and compressed when asked', async ({ request }) => {
  const html = await (await request.get('/es/about')).text();
  const asset = /["'](?:\.?\/)?(assets\/[^"']+\.(?:js|css))["']/.exec(html)?.[1];
  expect(asset, 'index.html references a hashed asset').toBeTruthy();

  for (const encoding of ['br', 'gzip']) {
    const response = await request.get(`/${asset}`, { headers: { 'accept-encoding': encoding } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['content-encoding']).toBe(encoding);
    // Field names are case-insensitive: @fastify/compress writes it in lower case.
    expect(response.headers()['vary']?.toLowerCase()).toContain('accept-encoding');
    expect((await response.body()).length).toBeGreaterThan(0);
  }

  const first = await request.get(`/${asset}`);
  const etag = first.headers()['etag'];
  expect(etag).toBeTruthy();
  expect((await request.get(`/${asset}`, { headers: { 'if-none-match': etag ?? '' } })).status()).toBe(304);
});

// Alone (playwright.config.ts): remotes.json edited for every visitor.
test('withRemotes changes the served remotes.json and restores it', { tag: '@alone' }, async ({ request }) => {
  const before = await (await request.get('/remotes.json')).text();
  await withRemotes(
    (manifest) => {
      manifest['mf-product'].entry = 'http://localhost:1/remoteEntry.js';
    },
    async () => {
      const served = await (await request.get('/remotes.json')).json();
      expect(served['mf-product'].entry).toBe('http://localhost:1/remoteEntry.js');
    },
  );
  expect(await (await request.get('/remotes.json')).text()).toBe(before);
});
