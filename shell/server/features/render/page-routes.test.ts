import { describe, expect, it } from 'vitest';
import { scriptJson } from './document-template.ts';
import { acceptedLanguages } from '@linkhunt/contracts/accept-language';

describe('acceptedLanguages', () => {
  it('lists the languages most wanted first, without those refused', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de', '*']);
    expect(acceptedLanguages('en;q=0.2, it')).toEqual(['it', 'en']);
    expect(acceptedLanguages('es;q=0, de')).toEqual(['de']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('en;q=abc')).toEqual([]);
  });
});

describe('scriptJson', () => {
  it('cannot close its script element or open a comment, whatever the data holds', () => {
    const text = scriptJson({ title: '</script><script>alert(1)</script><!--', line: '\u2028' });
    expect(text).not.toMatch(/<\/script|<!--|\u2028/);
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script><!--', line: '\u2028' });
  });
});
