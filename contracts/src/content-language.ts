import type { ColourLanguage } from './colours.ts';

/**
 * The languages user text (product titles and descriptions, reviews, biographies) is recorded in: the site's
 * five. Plain values, no schema library, so browser code can use them.
 */
export const CONTENT_LANGUAGES = ['es', 'en', 'de', 'it', 'fr'] as const satisfies readonly ColourLanguage[];
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** Products and reviews from before languages were recorded are Spanish, the demo catalogue's language. */
export const DEFAULT_CONTENT_LANGUAGE: ContentLanguage = 'es';

export function isContentLanguage(value: unknown): value is ContentLanguage {
  return typeof value === 'string' && (CONTENT_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The `lang` attribute of an element holding user text inside a page: the text's language when it differs from
 * the page's, otherwise nothing (the element inherits the page's). Spread into the element's props.
 */
export function contentLangProps(contentLanguage: string | undefined, pageLanguage: string): { lang?: string } {
  if (!contentLanguage || contentLanguage === pageLanguage.split('-')[0]) return {};
  return { lang: contentLanguage };
}
