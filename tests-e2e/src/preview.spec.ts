import { OVERRIDE_HEADER, PLATFORM_PREFIX, PREVIEW_COOKIE, PREVIEW_PATH } from '@linkhunt/contracts/platform';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { BOOT_STATE_ID, type BootState } from '@linkhunt/contracts/ssr';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { signPreview } from '../../shell/server/lib/platform/preview-token.ts';
import { carryPreview, previewedManifest, previewHeaders, previewToken } from './harness/previews.ts';
import { readRemotes } from './harness/remotes-file.ts';
import { e2ePort, readStack } from './harness/stack.ts';
import { type RemoteServer, serveRemoteCopy } from './support/static-remote.ts';
import { expect, test } from './support/test.ts';

// A preview: one visitor (a cookie from a preview link, or a header) gets a candidate version of a remote, on the
// server and in the browser, while everyone else goes on getting the base remotes.json.

const HEADING = 'Caza los mejores enlaces';
/** The candidate's change: the home page's heading, in its server entry and in its browser locale. */
const CHANGED = 'Caza los enlaces del candidato';
const catalogueHeading = (page: Page) => page.locator('[data-remote="mf-catalogue"]').getByRole('heading', { level: 1 });

let candidate: RemoteServer;
let token: string;

test.beforeAll(async () => {
  candidate = await serveRemoteCopy('mf-catalogue', e2ePort(5125), { edit: (code) => code.replaceAll(HEADING, CHANGED) });
  token = await previewToken({ 'mf-catalogue': { entry: candidate.entry } });
});

test.afterAll(async () => {
  await candidate?.close();
});

const bootOf = (html: string): BootState => {
  const json = new RegExp(`<script type="application/json" id="${BOOT_STATE_ID}">(.*?)</script>`, 's').exec(html)?.[1];
  if (!json) throw new Error('the page has no boot data');
  return JSON.parse(json) as BootState;
};

/** The origins the page's policy lets scripts come from. */
const scriptSources = (response: APIResponse) => /script-src ([^;]*)/.exec(response.headers()['content-security-policy'] ?? '')?.[1]?.split(' ') ?? [];

/** What a visitor without a preview gets for the home page: the base, publicly cacheable, unbadged. */
async function expectBase(request: APIRequestContext, headers: Record<string, string> = {}): Promise<void> {
  const base = readStack().remotes['mf-catalogue'].url;
  const answer = await request.get('/es/index', { headers });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toMatch(/^public/);
  expect(answer.headers()[OVERRIDE_HEADER]).toBeUndefined();
  expect(scriptSources(answer)).toContain(base);
  expect(scriptSources(answer)).not.toContain(new URL(candidate.entry).origin);
  const html = await answer.text();
  expect(bootOf(html).remotes).toEqual(await readRemotes());
  expect(html).toMatch(new RegExp(`<h1[^>]*>${HEADING}</h1>`));
  expect(html).not.toContain('<aside class="preview-badge"');
  expect(await (await request.get('/remotes.json', { headers })).json()).toEqual(await readRemotes());
}

test('the server HTML, its boot data and policy, and remotes.json use the override, uncached; a visitor without it gets the base', async ({ request }) => {
  const origin = new URL(candidate.entry).origin;
  // The base first, so a page the server keeps for everyone is there to be wrongly served to the preview.
  await expectBase(request);

  const answer = await request.get('/es/index', { headers: previewHeaders(token) });
  expect(answer.status()).toBe(200);
  // One visitor's page: no cache keeps it, shared or not.
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  expect(answer.headers()[OVERRIDE_HEADER]).toBe(`mf-catalogue=${candidate.entry}`);
  expect(scriptSources(answer)).toContain(origin);
  expect(scriptSources(answer)).not.toContain(readStack().remotes['mf-catalogue'].url);
  const html = await answer.text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${CHANGED}</h1>`));
  const manifest: RemotesManifest = await previewedManifest({ 'mf-catalogue': { entry: candidate.entry } });
  expect(bootOf(html).remotes).toEqual(manifest);
  expect(html).toMatch(/<aside class="preview-badge"[^>]*>.*mf-catalogue.*<\/aside><\/body>/s);

  const remotes = await request.get('/remotes.json', { headers: previewHeaders(token) });
  expect(remotes.headers()['cache-control']).toBe('private, no-store');
  expect(await remotes.json()).toEqual(manifest);

  // Asked for just after, without the preview: the base again, not the preview's page kept.
  await expectBase(request);
});

test('in the browser the previewing visitor gets the candidate, hydrated, while another browser at the same time gets the base; "End preview" returns to it', async ({ page, context, browser }) => {
  const stack = readStack();
  const candidateOrigin = new URL(candidate.entry).origin;
  const baseOrigin = stack.remotes['mf-catalogue'].url;
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const catalogueScripts: string[] = [];
  page.on('request', (sent) => {
    const { origin } = new URL(sent.url());
    if (sent.resourceType() === 'script' && (origin === candidateOrigin || origin === baseOrigin)) catalogueScripts.push(sent.url());
  });

  await carryPreview(context, token);
  await page.goto('/es/index');
  // Hydrated (the page fixture waits for it), and still the candidate's words: the browser ran the candidate.
  await expect(catalogueHeading(page)).toHaveText(CHANGED);
  expect(catalogueScripts.length).toBeGreaterThan(0);
  expect(catalogueScripts.filter((url) => !url.startsWith(`${candidateOrigin}/`))).toEqual([]);
  // The page's own reads of remotes.json carry the preview too.
  expect(await page.evaluate(async () => (await fetch('/remotes.json')).json())).toEqual(await previewedManifest({ 'mf-catalogue': { entry: candidate.entry } }));

  const other = await browser.newContext();
  try {
    const visitor = await other.newPage();
    const visitorScripts: string[] = [];
    visitor.on('request', (sent) => {
      if (sent.resourceType() === 'script' && new URL(sent.url()).origin === candidateOrigin) visitorScripts.push(sent.url());
    });
    await visitor.goto('/es/index');
    await visitor.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(catalogueHeading(visitor)).toHaveText(HEADING);
    await expect(visitor.locator('.preview-badge')).toHaveCount(0);
    expect(visitorScripts).toEqual([]);
  } finally {
    await other.close();
  }

  // The badge names the remote; ending the preview brings the base back in this browser.
  const badge = page.getByRole('complementary', { name: 'Vista previa' });
  await expect(badge).toBeVisible();
  await expect(badge).toContainText('mf-catalogue');
  await badge.getByRole('link', { name: 'Terminar vista previa' }).click();
  // To the home page, in the browser's language.
  await page.waitForURL(/\/[a-z]{2}\/index$/);
  expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: PREVIEW_COOKIE }));
  await page.goto('/es/index');
  await expect(catalogueHeading(page)).toHaveText(HEADING);
  await expect(page.locator('.preview-badge')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a preview link opened in a browser starts the preview there, on the page it names', async ({ page }) => {
  await page.goto(`${PREVIEW_PATH}?token=${encodeURIComponent(token)}&to=${encodeURIComponent('/es/index')}`);
  await expect(page).toHaveURL(/\/es\/index$/);
  await expect(catalogueHeading(page)).toHaveText(CHANGED);
  await expect(page.getByRole('complementary', { name: 'Vista previa' })).toContainText('mf-catalogue');
});

test('a tampered, an expired and an off-allowlist token are ignored: the base, as for anyone', async ({ request }) => {
  const { previewSecret, platformSecret } = readStack();
  const key = Buffer.from(previewSecret);
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;
  // Another remote's entry put into a genuine token's claims, its signature kept.
  const [, signature] = token.split('.');
  const claims = { remotes: { 'mf-catalogue': { entry: candidate.entry }, 'mf-product': { entry: candidate.entry } }, exp: inAnHour, by: 'e2e-ci' };
  const tampered = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  const expired = signPreview({ remotes: { 'mf-catalogue': { entry: candidate.entry } }, exp: Math.floor(Date.now() / 1000) - 60, by: 'e2e-ci' }, key);
  // A real candidate, served, but on a port the allowlist does not name: signed with the key, as a token issued
  // before the allowlist was narrowed would be.
  const offAllowlist = await serveRemoteCopy('mf-catalogue', e2ePort(5140), { edit: (code) => code.replaceAll(HEADING, CHANGED) });
  try {
    const refused = await request.post(`${PLATFORM_PREFIX}/previews`, {
      headers: { authorization: `Bearer ${platformSecret}` },
      data: { remotes: { 'mf-catalogue': { entry: offAllowlist.entry } } },
    });
    expect(refused.status()).toBe(422);
    const offToken = signPreview({ remotes: { 'mf-catalogue': { entry: offAllowlist.entry } }, exp: inAnHour, by: 'e2e-ci' }, key);

    for (const [what, bad] of Object.entries({ tampered, expired, offAllowlist: offToken })) {
      await test.step(what, async () => {
        await expectBase(request, previewHeaders(bad));
        await expectBase(request, { cookie: `${PREVIEW_COOKIE}=${bad}` });
        const link = await request.get(`${PREVIEW_PATH}?token=${encodeURIComponent(bad)}`, { maxRedirects: 0 });
        expect(link.status()).toBe(400);
        expect(link.headers()['set-cookie']).toBeUndefined();
      });
    }
  } finally {
    await offAllowlist.close();
  }
});
