import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OVERRIDE_HEADER, PREVIEW_HEADER, type PreviewResponse } from '@linkhunt/contracts/platform';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildShellServer } from '../../app.ts';
import { testShellOptions } from '../../test-shell-options.ts';
import { addCredential } from '../../lib/platform/credentials.ts';
import { signPreview } from '../../lib/platform/preview-token.ts';

const CDN = 'http://127.0.0.1:9';
const base = Object.fromEntries(['mf-catalogue', 'mf-product', 'mf-search', 'mf-account', 'mf-admin'].map((id) => [id, { entry: `${CDN}/${id}/v1/remoteEntry.js` }])) as RemotesManifest;
const CANDIDATE = 'http://127.0.0.2:9/mf-product/v2/remoteEntry.js';
const ALLOWLIST = [`${CDN}/`, 'http://127.0.0.2:9/mf-product/'];
const SECRET = 'test-preview-secret';

let dir: string;
let app: FastifyInstance;
let url: string;
const logged: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shell-previews-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'config.json'), JSON.stringify({ apiUrl: 'http://127.0.0.1:9' }));
  await writeFile(join(dir, 'remotes.json'), JSON.stringify(base));
  const options = testShellOptions(dir, new URL('./manifest-echo.test-worker.mjs', import.meta.url), {
    logger: { level: 'info', stream: { write: (line) => void logged.push(line) } },
  });
  app = await buildShellServer({ ...options, platform: { ...options.platform, allowlist: ALLOWLIST, previewSecret: SECRET } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterEach(async () => {
  await app.close();
  logged.length = 0;
  await rm(dir, { recursive: true, force: true });
});

const bootRemotes = (html: string) => (JSON.parse(/id="linkhunt-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as { remotes?: RemotesManifest }).remotes;
const issue = (secret: string | undefined, body: unknown) =>
  fetch(`${url}/_platform/previews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    body: JSON.stringify(body),
  });
const preview = { remotes: { 'mf-product': { entry: CANDIDATE } } };
const tokenFor = async () => ((await (await issue(await addCredential(join(dir, 'platform-state'), 'ci', ['*']), preview)).json()) as PreviewResponse).token;
const ignoredLines = () => logged.filter((line) => line.includes('preview token ignored')).length;

describe('preview tokens', () => {
  it('are issued only to a credential that may act on every remote named, for entries on the allowlist', async () => {
    const stateDir = join(dir, 'platform-state');
    const none = await issue(undefined, preview);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'unauthorized' });
    expect((await issue('lhp_made-up', preview)).status).toBe(401);
    const catalogueTeam = await addCredential(stateDir, 'team-catalogue', ['mf-catalogue']);
    const forbidden = await issue(catalogueTeam, preview);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { message: string }).message).toContain('may not act on mf-product');
    const productTeam = await addCredential(stateDir, 'team-product', ['mf-product']);
    const off = await issue(productTeam, { remotes: { 'mf-product': { entry: 'http://127.0.0.3:9/mf-product/remoteEntry.js' } } });
    expect(off.status).toBe(422);
    expect(await off.json()).toMatchObject({ error: 'not_allowlisted' });
    expect((await issue(productTeam, { remotes: { 'mf-nope': { entry: CANDIDATE } } })).status).toBe(400);
    expect((await issue(productTeam, { remotes: {} })).status).toBe(400);
    const made = await issue(productTeam, { ...preview, ttlSeconds: 600 });
    expect(made.status).toBe(201);
    const body = (await made.json()) as PreviewResponse;
    expect(body.remotes).toEqual(['mf-product']);
    expect(body.link).toBe(`http://localhost:5000/_preview?token=${encodeURIComponent(body.token)}`);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(590_000);
  });
});

describe('a preview', () => {
  it('renders the page, boot data and remotes.json with the override, privately, badged, with the policy naming it', async () => {
    const token = await tokenFor();
    const answer = await fetch(`${url}/en/index`, { headers: { [PREVIEW_HEADER]: token } });
    const html = await answer.text();
    expect(bootRemotes(html)).toEqual({ ...base, 'mf-product': { entry: CANDIDATE } });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get(OVERRIDE_HEADER)).toBe(`mf-product=${CANDIDATE}`);
    expect(answer.headers.get('content-security-policy')).toMatch(/script-src [^;]*http:\/\/127\.0\.0\.2:9/);
    expect(html).toContain('<aside class="preview-badge" aria-label="Preview"');
    expect(html).toContain('Previewing mf-product');
    expect(html).toContain('<a href="/_preview/end">End preview</a>');

    const remotes = await fetch(`${url}/remotes.json`, { headers: { [PREVIEW_HEADER]: token } });
    expect(remotes.headers.get('cache-control')).toBe('private, no-store');
    expect(await remotes.json()).toEqual({ ...base, 'mf-product': { entry: CANDIDATE } });
  });

  it('never reaches a visitor without it, even one asking between its requests: the base stays public and cached', async () => {
    const token = await tokenFor();
    const [previewed, plain] = await Promise.all([fetch(`${url}/es/index`, { headers: { [PREVIEW_HEADER]: token } }), fetch(`${url}/es/index`)]);
    expect(bootRemotes(await previewed.text())).toMatchObject({ 'mf-product': { entry: CANDIDATE } });
    const plainHtml = await plain.text();
    expect(bootRemotes(plainHtml)).toEqual(base);
    expect(plainHtml).not.toContain('preview-badge');
    expect(plain.headers.get('cache-control')).toMatch(/^public/);
    expect(plain.headers.get(OVERRIDE_HEADER)).toBeNull();
    expect(plain.headers.get('content-security-policy')).not.toContain('127.0.0.2');
    // The preview's page was never kept: the next plain visitor is served the base from the cache, the next
    // preview request its own page again.
    expect(bootRemotes(await (await fetch(`${url}/es/index`)).text())).toEqual(base);
    expect(bootRemotes(await (await fetch(`${url}/es/index`, { headers: { [PREVIEW_HEADER]: token } })).text())).toMatchObject({ 'mf-product': { entry: CANDIDATE } });
    expect(await (await fetch(`${url}/remotes.json`)).json()).toEqual(base);
  });

  it('is ignored when its token is tampered with, expired or names an entry off the allowlist: the base, one log line per token', async () => {
    const token = await tokenFor();
    const [body = '', signature = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { exp: number };
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, remotes: { 'mf-product': { entry: `${CDN}/evil/remoteEntry.js` } } })).toString('base64url')}.${signature}`;
    const expired = signPreview({ remotes: preview.remotes, exp: Math.floor(Date.now() / 1000) - 1, by: 'ci' }, Buffer.from(SECRET));
    const offList = signPreview({ remotes: { 'mf-product': { entry: 'http://127.0.0.3:9/x/remoteEntry.js' } }, exp: claims.exp, by: 'ci' }, Buffer.from(SECRET));
    const otherKey = signPreview({ remotes: preview.remotes, exp: claims.exp, by: 'ci' }, Buffer.from('another key'));
    for (const bad of [tampered, expired, offList, otherKey, 'not-a-token']) {
      for (let i = 0; i < 3; i++) {
        const answer = await fetch(`${url}/es/index`, { headers: { [PREVIEW_HEADER]: bad } });
        expect(bootRemotes(await answer.text())).toEqual(base);
        expect(answer.headers.get(OVERRIDE_HEADER)).toBeNull();
      }
      expect(await (await fetch(`${url}/remotes.json`, { headers: { [PREVIEW_HEADER]: bad } })).json()).toEqual(base);
    }
    expect(ignoredLines()).toBe(5);
    expect(logged.join('')).toMatch(/"reason":"expired at /);
    expect(logged.join('')).toContain('"reason":"entries off the allowlist: http://127.0.0.3:9/x/remoteEntry.js"');
  });

  it('starts in a browser from its link (a cookie) and ends from the badge', async () => {
    const token = await tokenFor();
    const opened = await fetch(`${url}/_preview?token=${encodeURIComponent(token)}&to=/en/index`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/en/index');
    const cookie = opened.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^linkhunt_preview=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const page = await fetch(`${url}/en/index`, { headers: { cookie: cookie.split(';')[0] ?? '' } });
    expect(bootRemotes(await page.text())).toMatchObject({ 'mf-product': { entry: CANDIDATE } });

    const ended = await fetch(`${url}/_preview/end`, { redirect: 'manual' });
    expect(ended.status).toBe(303);
    expect(ended.headers.get('set-cookie')).toMatch(/^linkhunt_preview=; .*Expires=Thu, 01 Jan 1970/);

    for (const elsewhere of ['//evil.example/', '/\\evil.example/', 'https://evil.example/']) {
      const away = await fetch(`${url}/_preview?token=${encodeURIComponent(token)}&to=${encodeURIComponent(elsewhere)}`, { redirect: 'manual' });
      expect(away.headers.get('location')).toBe('/');
    }
    const bad = await fetch(`${url}/_preview?token=${encodeURIComponent(`${token}x`)}`, { redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('set-cookie')).toBeNull();
    expect(await bad.text()).toContain('bad signature');
  });
});
