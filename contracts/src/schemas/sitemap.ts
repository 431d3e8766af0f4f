import '../server-only.js';
import Type from 'typebox';
import { PagedResults } from './common.js';
import { SITEMAP_MAX_PER_PAGE } from '../sitemap.js';

/**
 * The reads behind the site's sitemaps (GET /sitemap/{products,brands,categories,users}): every public page
 * of a kind that has something to show, as the few fields a sitemap entry needs, oldest first (by id), so
 * that walking the pages in order lists each one once.
 */

export const SitemapPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: SITEMAP_MAX_PER_PAGE, default: SITEMAP_MAX_PER_PAGE })),
});
export type SitemapPageQuery = Type.Static<typeof SitemapPageQuery>;

/** `lastmod`: ISO 8601, when what the page shows last changed, as far as the database records it. */
const lastmod = Type.String({ format: 'date-time' });

/**
 * A product, brand or category page: /{lang}/product|brand|cat/{slug}. A product's entry has `images`: the
 * paths (relative to /images/, like a product's `image`) of all its photos, cover first, for image sitemaps.
 */
export const SitemapSlugEntry = Type.Object({ slug: Type.String(), lastmod, images: Type.Optional(Type.Array(Type.String())) });
export type SitemapSlugEntry = Type.Static<typeof SitemapSlugEntry>;

/** A public profile: /{lang}/user/{username}. */
export const SitemapUserEntry = Type.Object({ username: Type.String(), lastmod });
export type SitemapUserEntry = Type.Static<typeof SitemapUserEntry>;

export const SitemapSlugPage = PagedResults(Type.Array(SitemapSlugEntry));
export type SitemapSlugPage = Type.Static<typeof SitemapSlugPage>;

export const SitemapUserPage = PagedResults(Type.Array(SitemapUserEntry));
export type SitemapUserPage = Type.Static<typeof SitemapUserPage>;

/**
 * GET /sitemap/stamp: a short text that changes whenever what the sitemap lists changes (a product shown,
 * hidden, removed, uploaded or edited), so a sitemap builder can tell its build is stale without reading it all.
 * Only equality means anything.
 */
export const SitemapStamp = Type.Object({ results: Type.Object({ data: Type.Object({ stamp: Type.String({ minLength: 1 }) }) }) });
export type SitemapStamp = Type.Static<typeof SitemapStamp>;
