import { describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, registerLocales, type LocaleLoader } from './i18n.ts';

describe('registerLocales', () => {
  it('loads a namespace for the active language only, and the other file on a language switch', async () => {
    const loader = vi.fn<LocaleLoader>(async (language) => ({ default: { greeting: `hello in ${language}` } }));
    registerLocales('test-words', loader);
    await initI18n('en');
    expect(loader).not.toHaveBeenCalled();

    await i18n.loadNamespaces('test-words');
    expect(loader.mock.calls).toEqual([['en']]);
    expect(i18n.t('greeting', { ns: 'test-words' })).toBe('hello in en');

    await i18n.changeLanguage('de');
    expect(loader.mock.calls).toEqual([['en'], ['de']]);
    expect(i18n.t('greeting', { ns: 'test-words' })).toBe('hello in de');
  });
});
