import type { MailLanguage } from '@linkhunt/contracts/user';

/** One entry per site language: a mail's texts are written once per language, side by side. */
export type Localized<T> = Record<MailLanguage, T>;

export const MAIL_LANGUAGES: readonly MailLanguage[] = ['es', 'en', 'de', 'it', 'fr'];

/** The site's default language, also for stored values that are not (or no longer) one of the site's. */
export const DEFAULT_MAIL_LANGUAGE: MailLanguage = 'es';

export function isMailLanguage(value: unknown): value is MailLanguage {
  return typeof value === 'string' && (MAIL_LANGUAGES as readonly string[]).includes(value);
}

/** A language read from the database (users.language is free text there) as one of the site's. */
export function mailLanguage(stored: string | null | undefined): MailLanguage {
  return isMailLanguage(stored) ? stored : DEFAULT_MAIL_LANGUAGE;
}

/** The texts in the given language, falling back to the default one. */
export function inLanguage<T>(texts: Localized<T>, language: string | null | undefined): T {
  return texts[mailLanguage(language)];
}
