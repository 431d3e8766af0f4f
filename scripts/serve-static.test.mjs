// @ts-check
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { serveStatic } from './serve-static.mjs';

const BOOT = '(function boot(){ window.booted = true; })();';
const INDEX = `<!doctype html><html><head><script>${BOOT}</script><script type="module" src="/assets/app-1a2b.js"></script></head><body></body></html>`;
const CONFIG = { apiUrl: 'http://localhost:4000', ads: { scriptHost: 'http://127.0.0.1:5113', keys: {} } };
const remotesAt = (/** @type {number} */ port) => ({ 'mf-catalogue': { entry: `http://localhost:${port}/remoteEntry.js` } });

/** @type {string} */
let dir;
/** @type {import('node:http').Server[]} */
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
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return `http://127.0.0.1:${address.port}`;
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
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await rm(dir, { recursive: true, force: true });
});

describe('serveStatic with csp', () => {
  it("sends the page's policy with its inline script's hash and the remotes of remotes.json", async () => {
    const url = await start({ csp: true, spa: true });
    const page = await fetch(`${url}/es/index`, { headers: { accept: 'text/html' } });
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

  it('follows an edit of remotes.json without a restart, and a revalidated page gets the new policy in full', async () => {
    const url = await start({ csp: true, spa: true });
    const first = await fetch(`${url}/`);
    const etag = first.headers.get('etag') ?? '';
    assert.equal((await fetch(`${url}/`, { headers: { 'if-none-match': etag } })).status, 304);

    await replaceJson('remotes.json', remotesAt(5111));
    try {
      const moved = await fetch(`${url}/`, { headers: { 'if-none-match': etag } });
      assert.equal(moved.status, 200);
      assert.notEqual(moved.headers.get('etag'), etag);
      assert.match(policyOf(moved), /script-src 'self' http:\/\/localhost:5111 'sha256-/);
      assert.doesNotMatch(policyOf(moved), /localhost:5001/);
    } finally {
      await replaceJson('remotes.json', remotesAt(5001));
    }
  });

  it('gives the ad frame its own sandboxed policy with the configured ad host', async () => {
    const url = await start({ csp: true, spa: true });
    const frame = await fetch(`${url}/ad-frame.html?host=x&key=k&width=320&height=50`);
    assert.equal(frame.status, 200);
    const policy = policyOf(frame);
    assert.match(policy, /^default-src 'none'; script-src 'self' http:\/\/127\.0\.0\.1:5113;/);
    assert.match(policy, /sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox$/);
    assert.doesNotMatch(policy, /localhost:4000/);
  });

  it('answers with the strict policy, not an error, while config.json is not JSON', async () => {
    const url = await start({ csp: true, spa: true });
    await replaceJson('config.json', '{ "apiUrl": ');
    try {
      const page = await fetch(`${url}/`);
      assert.equal(page.status, 200);
      assert.match(policyOf(page), /connect-src 'self' http:\/\/localhost:5001;/);
    } finally {
      await replaceJson('config.json', CONFIG);
    }
  });

  it('sends no policy when not asked to', async () => {
    const url = await start({ spa: true });
    const page = await fetch(`${url}/`);
    assert.equal(page.headers.get('content-security-policy'), null);
  });
});
