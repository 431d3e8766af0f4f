import { expect, it } from 'vitest';
import { inLanguage, isMailLanguage, type Localized, mailLanguage } from './localized.js';

const GREETING: Localized<string> = { es: 'Hola', en: 'Hello', de: 'Hallo', it: 'Ciao', fr: 'Bonjour' };

it('picks the texts of a language, and Spanish for anything else', () => {
  expect(inLanguage(GREETING, 'de')).toBe('Hallo');
  expect(inLanguage(GREETING, 'fr')).toBe('Bonjour');
  for (const other of ['pt', '', null, undefined, 'EN']) expect(inLanguage(GREETING, other)).toBe('Hola');
  expect(mailLanguage('it')).toBe('it');
  expect(isMailLanguage('en')).toBe(true);
  expect(isMailLanguage('toString')).toBe(false);
});
