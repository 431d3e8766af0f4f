export interface StaticPage {
  /** The page's path under /{lang}/. */
  path: string;
  /** Its text in shell/src/features/pages/content/{lang}.json. */
  content: 'about' | 'faq' | 'privacy' | 'cookies' | 'terms';
  /** The day its text last changed (YYYY-MM-DD): the sitemap's lastmod for it. */
  revised: string;
  /**
   * The first 16 hex digits of the SHA-256 of its text in every language (static-pages.test.ts says how it
   * is computed). The test fails when the text changes and this does not, so `revised` cannot be forgotten.
   */
  fingerprint: string;
}

/** The pages whose words ship with the shell (home is dated by the catalogue instead, see sitemap-files.ts). */
export const STATIC_PAGES: readonly StaticPage[] = [
  { path: 'about', content: 'about', revised: '2026-11-22', fingerprint: '4e37e74ca6841723' },
  { path: 'contact', content: 'faq', revised: '2026-11-22', fingerprint: '67f7e03ef4bc30fe' },
  { path: 'privacy-policy', content: 'privacy', revised: '2026-11-22', fingerprint: '6bd99b9e51fde965' },
  { path: 'cookies-policy', content: 'cookies', revised: '2026-11-22', fingerprint: '8c63dd5aa7440818' },
  { path: 'terms-of-service', content: 'terms', revised: '2026-11-22', fingerprint: 'bd21ef1844d534ec' },
];
