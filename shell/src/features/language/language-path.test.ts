import { describe, expect, it } from 'vitest';
import { detectLanguage, pathWithLanguage } from './language-path.ts';

describe('detectLanguage', () => {
  it('prefers the lng parameter, then the browser, then Spanish', () => {
    expect(detectLanguage('?lng=de', ['fr-FR'])).toBe('de');
    expect(detectLanguage('?lng=pt', ['fr-FR', 'en'])).toBe('fr');
    expect(detectLanguage('', ['pt-BR', 'it'])).toBe('it');
    expect(detectLanguage('', ['pt-BR'])).toBe('es');
  });
});

describe('pathWithLanguage', () => {
  it('opens home from the bare root and keeps the rest of a path', () => {
    expect(pathWithLanguage('/', 'es')).toBe('/es/index');
    expect(pathWithLanguage('/about', 'en')).toBe('/en/about');
    expect(pathWithLanguage('/pt/cat/sneakers', 'es')).toBe('/es/cat/sneakers');
    expect(pathWithLanguage('/en/product/x', 'it')).toBe('/it/product/x');
  });
});
