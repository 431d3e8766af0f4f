import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language.js';

const language = (query: Record<string, unknown>, acceptLanguage?: string) =>
  requestLanguage({ query, headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage } });

describe('requestLanguage', () => {
  it('takes lng first, then Accept-Language by preference and by base language, then English', () => {
    expect(language({ lng: 'de' }, 'fr')).toBe('de');
    expect(language({ lng: 'xx' }, 'fr-CH, fr;q=0.9')).toBe('fr');
    expect(language({}, 'pt-BR, it;q=0.8, de;q=0.9')).toBe('de');
    expect(language({}, 'es;q=0, it')).toBe('it');
    expect(language({}, 'DE-de')).toBe('de');
    expect(language({}, '*')).toBe('en');
    expect(language({})).toBe('en');
  });
});
