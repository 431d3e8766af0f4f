import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildShellServer, type ShellServerOptions, ShellStartRefused } from './app.ts';
import { testShellOptions } from './test-shell-options.ts';

const SITE = 'https://linkhunt.example';
const LOCAL = 'http://localhost:5000';
const FORGED = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
const manifest = Object.fromEntries(['mf-catalogue', 'mf-product', 'mf-search', 'mf-account', 'mf-admin'].map((id) => [id, { entry: `http://127.0.0.1:9/${id}/remoteEntry.js` }]));

let dir: string;
let app: FastifyInstance | undefined;
const logged: string[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  logged.length = 0;
  await rm(dir, { recursive: true, force: true });
});

/** A shell server on a made-up built shell whose pages come from a worker that writes their origin down. */
async function startShell(config: { siteUrl?: string }, options: Partial<ShellServerOptions> = {}) {
  dir = await mkdtemp(join(tmpdir(), 'shell-forwarded-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'config.json'), JSON.stringify({ apiUrl: 'http://127.0.0.1:9', ...config }));
  await writeFile(join(dir, 'remotes.json'), JSON.stringify(manifest));
  app = await buildShellServer(
    testShellOptions(dir, new URL('./echo.test-worker.mjs', import.meta.url), {
      sitemapCacheSeconds: 1,
      logger: { level: 'info', stream: { write: (line) => void logged.push(line) } },
      localSiteUrl: LOCAL,
      ...options,
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const page = async (base: string, path: string, headers: Record<string, string> = {}) => (await fetch(`${base}${path}`, { headers })).text();

describe('the shell server and forwarded headers', () => {
  it('without siteUrl and without trusted proxies, a forged X-Forwarded-Host never becomes the canonical link, og:url or boot siteUrl', async () => {
    const base = await startShell({});
    const forged = await page(base, '/es/index', FORGED);
    expect(forged).not.toContain('evil.example');
    expect(forged).toContain(`<link rel="canonical" href="${LOCAL}/es/index">`);
    expect(forged).toContain(`"siteUrl":"${LOCAL}"`);
    // Nor the Host header: a page others are served from the cache was made with the server's own origin.
    const otherHost = await page(base, '/es/about', { host: 'evil.example' });
    expect(otherHost).not.toContain('evil.example');
  });

  it('behind a trusted proxy (TRUST_PROXY names loopback) the forwarded address is the client, and the origin is still siteUrl', async () => {
    const base = await startShell({ siteUrl: SITE }, { trustProxy: ['127.0.0.1'] });
    const html = await page(base, '/es/index', FORGED);
    expect(html).not.toContain('evil.example');
    expect(html).toContain(`<meta property="og:url" content="${SITE}/es/index">`);
    expect(logged.join('')).toContain('"remoteAddress":"203.0.113.9"');
  });

  it('from an address it does not trust, the forwarded client address is ignored too', async () => {
    const base = await startShell({ siteUrl: SITE });
    await page(base, '/es/index', FORGED);
    const log = logged.join('');
    expect(log).not.toContain('203.0.113.9');
    expect(log).toContain('"remoteAddress":"127.0.0.1"');
  });

  it('a production start without siteUrl in config.json is refused, saying what to set', async () => {
    const refused = startShell({}, { production: true });
    await expect(refused).rejects.toBeInstanceOf(ShellStartRefused);
    await expect(refused).rejects.toThrow(/config\.json has no "siteUrl".*"siteUrl": "https:\/\/linkhunt\.example"/);
    const started = await startShell({ siteUrl: SITE }, { production: true });
    expect(await page(started, '/es/index')).toContain(`${SITE}/es/index`);
  });
});

describe('the shell server log', () => {
  it('holds no reset or verify token at LOG_LEVEL=info', async () => {
    const base = await startShell({ siteUrl: SITE });
    const secret = 'Zx8_kq2LmN4pQr7sTuV9wXyZ01aBcD';
    await page(base, `/es/reset-password?token=${secret}`);
    await page(base, `/en/verify-email?token=${secret}&lng=en`);
    const log = logged.join('');
    expect(log).toContain('"url":"/es/reset-password?token=[REDACTED]"');
    expect(log).toContain('"url":"/en/verify-email?token=[REDACTED]&lng=en"');
    expect(log).not.toContain(secret);
  });
});

describe('the page policy', () => {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('allows by hash only the inline sources the renderer reported writing, never a script or style that came with the data', async () => {
    const base = await startShell({ siteUrl: SITE });
    const answer = await fetch(`${base}/es/index`);
    const html = await answer.text();
    expect(html).toContain('<script>alert(document.cookie)</script>');
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(hash('body{margin:0}'));
    for (const injected of ['alert(document.cookie)', 'body{display:none}', 'background:url(https://tracker.example/x)']) expect(policy).not.toContain(hash(injected));
    expect(policy).not.toContain('unsafe-hashes');
  });
});
