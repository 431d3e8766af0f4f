import { mailLanguage } from '../../mail/localized.js';

/** The site's pages that mailed links open (each reads `token` from its query and posts it to the API). */
export type AccountPage = 'verify-email' | 'reset-password' | 'forgot-password';

/** An address on the site (SITE_URL), in the reader's language: `${siteUrl}/${lang}/${page}?token=…`. */
export function accountLink(siteUrl: string, language: string, page: AccountPage, token?: string): string {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return `${siteUrl}/${mailLanguage(language)}/${page}${query}`;
}
