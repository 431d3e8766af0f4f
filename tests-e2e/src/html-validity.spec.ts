import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Brand } from '@linkhunt/contracts/brand';
import type { Category } from '@linkhunt/contracts/category';
import type { ProductSummary } from '@linkhunt/contracts/product';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { apiData } from './support/api.ts';
import { DEMO_USER } from './support/demo.ts';

/*
 * The server's HTML of the main pages, in Spanish and English, is valid HTML as the W3C Nu HTML checker
 * (vnu-jar, the checker behind validator.w3.org/nu) reads it; warnings may stay (listed in the test's
 * annotations). The pages are fetched as a crawler gets them (no script runs) and checked in one run of the
 * checker: a JVM start costs seconds.
 */

/** The jar the vnu-jar package ships; its own runner would try to download a Java, which is on the machine. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));
const JAVA = process.env.JAVA ?? '/usr/bin/java';

/**
 * Messages about CSS the checker's CSS validator does not know yet, though every current browser does (it lags the
 * specs): they are about the checker, not the markup, so they are left out, each by its exact text.
 * - container queries (CSS Containment 3): `@container` is an "Unrecognized at-rule", `container-type` "doesn't exist".
 * - `line-clamp` (CSS Overflow 4) "doesn't exist".
 * - the `dvh` unit (CSS Values 4), as in the dialog's `max-height: calc(100dvh - ...)`, makes the calc's types
 *   "incompatible".
 */
const UNKNOWN_CSS = [
  /^CSS: Unrecognized at-rule “@container”\.?$/,
  /^CSS: “container-type”: Property “container-type” doesn't exist\.?$/,
  /^CSS: “line-clamp”: Property “line-clamp” doesn't exist\.?$/,
  /^CSS: “max-height”: The types are incompatible\.?$/,
];

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: 'warning' | 'fatal';
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

const DEMO_USERNAME = DEMO_USER.email.split('@')[0] ?? '';
const first = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const [item] = await apiData<T[]>(request, path);
  if (!item) throw new Error(`${path} is empty in the demo data`);
  return item;
};

/** Each main page under /{lang}/, and the status its server HTML answers with. */
async function pages(request: APIRequestContext): Promise<{ name: string; path: string; status: number }[]> {
  const category = (await first<Category>(request, '/categories')).slug;
  const brand = (await first<Brand>(request, '/brands')).slug;
  const product = (await first<ProductSummary>(request, '/products/recents')).slug;
  return [
    { name: 'home', path: 'index', status: 200 },
    { name: 'category', path: `cat/${category}`, status: 200 },
    { name: 'brand', path: `brand/${brand}`, status: 200 },
    { name: 'product', path: `product/${product}`, status: 200 },
    { name: 'search', path: 'search?q=zapatillas', status: 200 },
    { name: 'search-empty', path: 'search', status: 200 },
    { name: 'user', path: `user/${DEMO_USERNAME}`, status: 200 },
    { name: 'about', path: 'about', status: 200 },
    { name: 'privacy', path: 'privacy-policy', status: 200 },
    { name: 'terms', path: 'terms-of-service', status: 200 },
    { name: 'cookies', path: 'cookies-policy', status: 200 },
    { name: 'contact', path: 'contact', status: 200 },
    { name: 'not-found', path: 'no-such-page', status: 404 },
    { name: 'product-not-found', path: 'product/no-such-product-xyz', status: 404 },
    { name: 'sign-in', path: 'auth', status: 200 },
    { name: 'register', path: 'auth/register', status: 200 },
  ];
}

const isErrorToReport = (message: VnuMessage) =>
  (message.type === 'error' || message.type === 'non-document-error') && !UNKNOWN_CSS.some((pattern) => pattern.test(message.message));

test('the server HTML of the main pages in es and en has no error in the W3C Nu HTML checker', async ({ request }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'linkhunt-vnu-'));
  try {
    /** Each file checked, by its path, and the page it holds. */
    const files = new Map<string, string>();
    for (const language of ['es', 'en']) {
      for (const page of await pages(request)) {
        const response = await request.get(`/${language}/${page.path}`);
        expect(response.status(), page.path).toBe(page.status);
        expect(response.headers()['content-type']).toMatch(/^text\/html/);
        const file = join(dir, `${language}-${page.name}.html`);
        writeFileSync(file, await response.text());
        files.set(file, `/${language}/${page.path}`);
      }
    }
    // A page with a known error goes along: its error coming back shows the checker read the files.
    const control = join(dir, 'control.html');
    writeFileSync(control, '<!DOCTYPE html><html lang="en"><title>control</title><input type="search" role="combobox" aria-expanded="false">');

    // With --exit-zero-always the run succeeds whatever it finds; its JSON report is on stderr.
    const run = await promisify(execFile)(JAVA, ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files.keys(), control], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const fileOf = (message: VnuMessage) => (message.url.startsWith('file:') ? fileURLToPath(message.url) : message.url);
    // (It names the bad type or the bad role, depending on its version.)
    expect(report.messages.filter((m) => fileOf(m) === control && m.type === 'error').map((m) => m.message)).toContainEqual(
      expect.stringMatching(/^Bad value “(search|combobox)” for attribute “(type|role)” on element “input”\.$/),
    );

    const errors = new Map<string, Set<string>>();
    for (const message of report.messages.filter((m) => fileOf(m) !== control && isErrorToReport(m))) {
      const key = `${message.message} [${(message.extract ?? '').trim()}]`;
      errors.set(key, (errors.get(key) ?? new Set()).add(files.get(fileOf(message)) ?? message.url));
    }
    // Warnings may stay; they are listed with the test's result.
    const warnings = new Set(report.messages.filter((m) => fileOf(m) !== control && m.type === 'info' && m.subType === 'warning').map((m) => m.message));
    if (warnings.size > 0) test.info().annotations.push({ type: 'vnu warnings', description: [...warnings].join('\n') });
    expect([...errors].map(([message, at]) => `${message} on ${[...at].join(', ')}`)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
