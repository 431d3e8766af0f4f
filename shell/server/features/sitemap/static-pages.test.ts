// @vitest-environment node
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import { describe, expect, it } from 'vitest';
import { STATIC_PAGES } from './static-pages.ts';

const contentOf = (language: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../../src/features/pages/content/${language}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** SHA-256 over the page's text in every language, in LANGUAGES order; the first 16 hex digits. */
function fingerprint(content: string): string {
  const hash = createHash('sha256');
  for (const language of LANGUAGES) hash.update(JSON.stringify(contentOf(language)[content]));
  return hash.digest('hex').slice(0, 16);
}

describe('the static pages of the sitemap', () => {
  it.each(STATIC_PAGES.map((page) => [page.path, page] as const))('%s: its revision date was moved with its last change of text', (_path, page) => {
    for (const language of LANGUAGES) expect(contentOf(language), `${language}.json`).toHaveProperty(page.content);
    expect(
      fingerprint(page.content),
      `The text of ${page.path} changed: in static-pages.ts set its revised date to the day of the change and its fingerprint to this value.`,
    ).toBe(page.fingerprint);
    expect(page.revised).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(page.revised)).toBeLessThanOrEqual(Date.now());
  });
});
