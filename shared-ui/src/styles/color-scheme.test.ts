import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

/*
 * The dark scheme swaps colour and shadow tokens, nothing else: the e2e accessibility pass relies on it, judging a
 * page's structure once (light) and only its colours in dark (tests-e2e/src/support/accessibility.ts).
 */
const ROOT = join(import.meta.dirname, '../../..');
const PACKAGES = ['shell', 'shared-ui', 'mf-catalogue', 'mf-product', 'mf-search', 'mf-account', 'mf-admin'];

function sourcesOf(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourcesOf(path, found);
    else if (/\.(css|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

const sources = PACKAGES.flatMap((name) => sourcesOf(join(ROOT, name, 'src')));

it('reads the front end’s sources', () => {
  expect(sources.length).toBeGreaterThan(100);
});

it('asks for the colour scheme in the tokens only', () => {
  const asking = sources.filter((path) => /prefers-color-scheme/.test(readFileSync(path, 'utf8'))).map((path) => relative(ROOT, path));
  expect(asking).toEqual(['shared-ui/src/styles/tokens.css']);
});

it('sets colour and shadow tokens only in the dark scheme', () => {
  const tokens = readFileSync(join(ROOT, 'shared-ui/src/styles/tokens.css'), 'utf8');
  const dark = tokens.slice(tokens.indexOf('@media (prefers-color-scheme: dark)'));
  const body = dark.slice(dark.indexOf('{') + 1);
  // The block ends where its braces balance.
  let depth = 1;
  let end = 0;
  while (depth > 0 && end < body.length) {
    if (body[end] === '{') depth += 1;
    if (body[end] === '}') depth -= 1;
    end += 1;
  }
  const declarations = [...body.slice(0, end).matchAll(/([\w-]+)\s*:/g)].map((match) => match[1] ?? '');
  expect(declarations.length).toBeGreaterThan(10);
  expect(declarations.filter((property) => !/^--(color|shadow)-/.test(property))).toEqual([]);
});
