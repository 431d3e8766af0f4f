import { DEFAULT_LANGUAGE, LANGUAGES } from '@linkhunt/shared-ui/features/i18n/languages.ts';
import type { SitemapUrl } from './sitemap-xml.ts';

/** The catalogue's page kinds the API lists, and the route of each under /{lang}/ (shell/src/app/remote-routes.ts). */
export const LISTED_KINDS = { products: 'product', brands: 'brand', categories: 'cat', users: 'user' } as const;
export type ListedKind = keyof typeof LISTED_KINDS;
export const LISTED_KIND_NAMES = Object.keys(LISTED_KINDS) as ListedKind[];

/** Every kind of sitemap file, in the order the index lists them. */
export const SITEMAP_KINDS = ['static', 'products', 'brands', 'categories', 'users'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export const HOME_PATH = 'index';

/** The site's origin (and any base path) without a trailing slash; refuses what is not an http(s) URL. */
export function siteBase(siteUrl: string): string {
  const url = new URL(siteUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`the site URL is not http(s): ${siteUrl}`);
  return url.href.replace(/\/+$/, '');
}

/** A slug or username as one path segment, whatever it holds. */
export const listedPath = (kind: ListedKind, key: string): string => `${LISTED_KINDS[kind]}/${encodeURIComponent(key)}`;

/**
 * A page's sitemap entries: one per language, each with its own address as <loc> and the same full set of
 * alternates (every language, itself included, and x-default on the default language, where the root
 * redirects), as Google's hreflang-in-sitemaps method asks: every language version is listed and names all
 * the others. The default language comes first.
 */
export function pageUrls(base: string, path: string, lastmod: string): SitemapUrl[] {
  const at = (language: string) => `${base}/${language}/${path}`;
  const alternates = [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: at(language) })),
    { hreflang: 'x-default', href: at(DEFAULT_LANGUAGE) },
  ];
  const languages = [DEFAULT_LANGUAGE, ...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE)];
  return languages.map((language) => ({ loc: at(language), lastmod, alternates }));
}
