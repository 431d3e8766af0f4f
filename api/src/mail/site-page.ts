import { mailLanguage } from './localized.js';

/** A page of the site (SITE_URL) in the reader's language, for links in mails: `${siteUrl}/${lang}/${path}`. */
export function sitePage(siteUrl: string, language: string, path: string): string {
  return `${siteUrl}/${mailLanguage(language)}/${path.replace(/^\//, '')}`;
}
