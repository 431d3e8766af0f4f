import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '@linkhunt/contracts/category-names';
import { LANGUAGES } from '../features/i18n/languages.ts';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it_ from './it.json';

const locales: Record<string, unknown> = { es, en, de, it: it_, fr };

/** "a.b.c" paths of every string, with plural suffixes folded so `_one`/`_other` count as one key. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsOf);
}

const SPEC_CATEGORIES = [
  'Camisetas y Tops',
  'Pantalones y Vaqueros',
  'Calzado',
  'Accesorios',
  'Ropa Deportiva',
  'Ropa de Abrigo',
  'Vestidos y Faldas',
  'Sneakers',
];

describe('ui locales', () => {
  it('exist for every supported language', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  it('have the same keys in every language', () => {
    const reference = [...new Set(keysOf(en))].sort();
    for (const [language, locale] of Object.entries(locales)) {
      expect([...new Set(keysOf(locale))].sort(), language).toEqual(reference);
    }
  });

  it('have no empty text', () => {
    for (const locale of Object.values(locales)) {
      expect(stringsOf(locale).every((text) => text.trim().length > 0)).toBe(true);
    }
  });

  it('leave category names to the catalogue\'s table, which names the eight categories of the spec in every language', () => {
    for (const locale of Object.values(locales)) expect(locale).not.toHaveProperty('category');
    expect(Object.keys(CATEGORY_NAMES).sort()).toEqual([...SPEC_CATEGORIES].sort());
    for (const names of Object.values(CATEGORY_NAMES)) expect(Object.keys(names).sort()).toEqual([...LANGUAGES].sort());
  });
});
