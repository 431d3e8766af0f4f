/** Spec sections 2 and 9: Spanish is the default. */
export const LANGUAGES = ['es', 'en', 'de', 'it', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The names each language is known by in itself, for the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  es: 'Español',
  en: 'English',
  de: 'Deutsch',
  it: 'Italiano',
  fr: 'Français',
};
