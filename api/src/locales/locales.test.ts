import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_RESOURCES } from '../i18n/translator.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The guard of the API's texts: every message and field name in all five languages, with the plural forms
 * each language needs and the same placeholders as the English text; and every field a route takes has a
 * name in them.
 */
type Resource = { [key: string]: string | Resource };
const LANGUAGES = Object.keys(API_RESOURCES) as (keyof typeof API_RESOURCES)[];
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(resource: Resource, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(resource)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const texts = new Map(LANGUAGES.map((language) => [language, leaves(API_RESOURCES[language] as Resource)]));
/** The texts of one language (every language of API_RESOURCES has some). */
const textsOf = (language: string): Map<string, string> => texts.get(language as (typeof LANGUAGES)[number]) ?? new Map();
const english = textsOf('en');
const baseKeys = (language: string) => new Set([...textsOf(language).keys()].map((key) => key.replace(PLURAL, '')));
const pluralBases = new Set([...english.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();

describe('the API locale resources', () => {
  it.each(LANGUAGES)('%s has every message key of English and no other', (language) => {
    expect([...baseKeys(language)].sort()).toEqual([...baseKeys('en')].sort());
  });

  it.each(LANGUAGES)('%s has every plural form its language needs, for every message whose number varies', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const missing = [...pluralBases].flatMap((base) => categories.filter((c) => !textsOf(language).has(`${base}_${c}`)).map((c) => `${base}_${c}`));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps the placeholders of the English text, and leaves no text empty', (language) => {
    const wrong: string[] = [];
    for (const [key, value] of textsOf(language)) {
      const source = english.get(key) ?? english.get(`${key.replace(PLURAL, '')}_other`) ?? '';
      if (value.trim() === '' || placeholders(value).join() !== placeholders(source).join()) wrong.push(key);
    }
    expect(wrong).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s translates every sentence (none is left in English)', (language) => {
    const untranslated = [...textsOf(language)].filter(([key, value]) => !key.startsWith('fields.') && value.split(' ').length > 2 && value === english.get(key));
    expect(untranslated).toEqual([]);
  });
});

describe('field names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('name every parameter and body field of every route, in every language', async () => {
    const document = (await t.request('GET', '/docs/json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
    };
    const fields = new Set<string>();
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        for (const parameter of operation.parameters ?? []) fields.add(parameter.name);
        for (const content of Object.values(operation.requestBody?.content ?? {})) for (const name of Object.keys(content.schema.properties ?? {})) fields.add(name);
      }
    }
    expect(fields.size).toBeGreaterThan(20);
    for (const language of LANGUAGES) {
      expect([...fields].filter((field) => !textsOf(language).has(`fields.${field}`)), language).toEqual([]);
    }
  });
});
