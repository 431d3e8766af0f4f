// @ts-check
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { serveStatic } from './static-site.mjs';

const BOOT = '(function boot(){ window.booted = true; })();';
const INDEX = `<!doctype html><html><head><script>${BOOT}</script><script type="module" src="/assets/app-1a2b.js"></script></head><body></body></html>`;
const CONFIG = { apiUrl: 'http://localhost:4000', ads: { scriptHost: 'http://127.0.0.1:5113', keys: {} } };
const remotesAt = (/** @type {number} */ port) => ({ 'mf-catalogue': { entry: `http://localhost:${port}/remoteEntry.js` } });

/** @type {string} */
let dir;
/** @type {import('fastify').FastifyInstance[]} */
const servers = [];

/**
 * Written aside and renamed over, as an operator's deployment (and the e2e harness) does.
 * @param {string} name
 * @param {unknown} value
 */
async function replaceJson(name, value) {
  const temp = join(dir, `.${name}.tmp`);
  await writeFile(temp, typeof value === 'string' ? value : JSON.stringify(value));
  await rename(temp, join(dir, name));
}

/** @param {{ csp?: boolean, spa?: boolean }} options */
async function start(options) {
  const server = await serveStatic({ dir, port: 0, ...options });
  servers.push(server);
  const address = server.server.address();
  assert.ok(address && typeof address === 'object');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * A conditional GET through node:http: fetch adds `Cache-Control: no-cache` to any request carrying
 * If-None-Match (the Fetch standard), which a conforming server answers in full.
 * @param {string} url
 * @param {string} etag
 * @returns {Promise<{ status: number, policy: string }>}
 */
function revalidate(url, etag) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'if-none-match': etag, 'accept-encoding': 'identity' } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, policy: String(response.headers['content-security-policy'] ?? '') });
    }).on('error', reject);
  });
}

/** @param {Response} response */
const policyOf = (response) => response.headers.get('content-security-policy') ?? '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'serve-static-test-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'ad-frame.html'), '<!doctype html><script src="/ad-frame.js"></script>');
  await writeFile(join(dir, 'assets/app-1a2b.js'), 'console.log(1);');
  await replaceJson('config.json', CONFIG);
  await replaceJson('remotes.json', remotesAt(5001));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('serveStatic (@fastify/static) with csp', () => {
  it("sends the page's policy with its inline script's hash and the remotes of remotes.json", async () => {
    const url = await start({ csp: true });
    const page = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    const policy = policyOf(page);
    assert.match(policy, new RegExp(`script-src 'self' http://localhost:5001 'sha256-${createHash('sha256').update(BOOT).digest('base64').replace(/[+/]/g, '\\$&')}'`));
    assert.match(policy, /connect-src 'self' http:\/\/localhost:4000 http:\/\/localhost:5001 http:\/\/127\.0\.0\.1:5113/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.equal(page.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');

    const script = await fetch(`${url}/assets/app-1a2b.js`);
    assert.equal(script.status, 200);
    assert.match(policyOf(script), /^default-src 'self'; script-src 'self' http:\/\/localhost:5001; /);
  });

  it('follows an edit of remotes.json without a restart, and a revalidation carries the new policy in full', async () => {
    const url = await start({ csp: true });
    const first = await fetch(`${url}/`, { headers: { 'accept-encoding': 'identity' } });
    const etag = first.headers.get('etag') ?? '';
    assert.equal((await revalidate(`${url}/`, etag)).status, 304);

    await replaceJson('remotes.json', remotesAt(5111));
    try {
      // The file did not change, so it may be 304: a cache then takes the answer's headers, the new policy with them.
      const moved = await revalidate(`${url}/`, etag);
      assert.equal(moved.status, 304);
      assert.match(moved.policy, /script-src 'self' http:\/\/localhost:5111 'sha256-/);
      assert.doesNotMatch(moved.policy, /localhost:5001/);
    } finally {
      await replaceJson('remotes.json', remotesAt(5001));
    }
  });

  it('gives the ad frame its own sandboxed policy with the configured ad host', async () => {
    const url = await start({ csp: true });
    const frame = await fetch(`${url}/ad-frame.html?host=x&key=k&width=320&height=50`);
    assert.equal(frame.status, 200);
    const policy = policyOf(frame);
    assert.match(policy, /^default-src 'none'; script-src 'self' http:\/\/127\.0\.0\.1:5113;/);
    assert.match(policy, /sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox$/);
    assert.doesNotMatch(policy, /localhost:4000/);
  });

  it('answers with the strict policy, not an error, while config.json is not JSON', async () => {
    const url = await start({ csp: true });
    await replaceJson('config.json', '{ "apiUrl": ');
    try {
      const page = await fetch(`${url}/`);
      assert.equal(page.status, 200);
      assert.match(policyOf(page), /connect-src 'self' http:\/\/localhost:5001;/);
    } finally {
      await replaceJson('config.json', CONFIG);
    }
  });

  it('with spa, answers a page address with index.html and its policy, and a missing file with 404', async () => {
    const url = await start({ csp: true, spa: true });
    const page = await fetch(`${url}/es/product/x`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.equal(await page.text(), INDEX);
    assert.match(policyOf(page), /script-src 'self' http:\/\/localhost:5001 'sha256-/);
    assert.equal((await fetch(`${url}/assets/missing.js`)).status, 404);
  });

  it('sends no policy when not asked to', async () => {
    const url = await start({});
    const page = await fetch(`${url}/`);
    assert.equal(page.headers.get('content-security-policy'), null);
  });
});
