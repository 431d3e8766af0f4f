import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@linkhunt/shared-ui/features/i18n/languages.ts';

/** Spec section 2: the `lng` query parameter first, then the browser's languages, then Spanish. */
export function detectLanguage(search: string, browserLanguages: readonly string[]): Language {
  const fromQuery = new URLSearchParams(search).get('lng');
  if (isLanguage(fromQuery)) return fromQuery;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

const LANGUAGE_LIKE = /^[a-z]{2}(-[a-z]{2})?$/i;

/**
 * Where a path without a supported language goes: a language-like first segment (`/pt/about`) is replaced,
 * anything else (`/about`) is prefixed; the bare root opens the home page. Also the same page in another language.
 */
export function pathWithLanguage(pathname: string, language: Language): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== undefined && (isLanguage(segments[0]) || LANGUAGE_LIKE.test(segments[0]))) segments.shift();
  return `/${[language, ...(segments.length ? segments : ['index'])].join('/')}`;
}
