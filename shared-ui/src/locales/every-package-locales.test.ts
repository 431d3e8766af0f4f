import { expect, it } from 'vitest';
import { LANGUAGES } from '../features/i18n/languages.ts';

// i18next has no fallback language here (only the active language is fetched), so a key missing in one
// language would show as the raw key: every package's files must carry the same keys in all five languages.
const files = import.meta.glob<{ default: unknown }>(
  ['../../../shell/src/locales/*.json', '../../../shell/src/features/pages/content/*.json', '../../../mf-*/src/locales/*.json'],
  { eager: true },
);

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return [`${prefix}[${value.length}]`, ...value.flatMap((item, index) => keysOf(item, `${prefix}.${index}`))];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const folders = new Map<string, Map<string, string[]>>();
for (const [path, module] of Object.entries(files)) {
  const folder = path.slice(0, path.lastIndexOf('/'));
  const language = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
  const byLanguage = folders.get(folder) ?? new Map<string, string[]>();
  byLanguage.set(language, keysOf(module.default).sort());
  folders.set(folder, byLanguage);
}

it('finds the locale folders of the shell, its page texts and the five remotes', () => {
  expect(folders.size).toBe(7);
});

it.each([...folders.keys()])('%s has every language with the same keys', (folder) => {
  const byLanguage = folders.get(folder);
  expect([...(byLanguage?.keys() ?? [])].sort()).toEqual([...LANGUAGES].sort());
  const spanish = byLanguage?.get('es');
  for (const language of LANGUAGES) expect(byLanguage?.get(language), language).toEqual(spanish);
});
