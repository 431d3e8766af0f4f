/**
 * The reads behind the site's sitemaps (GET /sitemap/{products,brands,categories,users}): every public page
 * of a kind that has something to show, as the few fields a sitemap entry needs, oldest first (by id), so
 * that walking the pages in order lists each one once.
 */

/** Big pages: a sitemap builder walks every page, and each row is a slug and a date. */
export const SITEMAP_MAX_PER_PAGE = 1000;

export type {
  SitemapPageQuery,
  SitemapSlugEntry,
  SitemapSlugPage,
  SitemapStamp,
  SitemapUserEntry,
  SitemapUserPage,
} from './schemas/sitemap.js';
