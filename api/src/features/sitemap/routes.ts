import { ValidationError } from '@linkhunt/contracts/schema-helpers';
import { SITEMAP_MAX_PER_PAGE, SitemapPageQuery, SitemapSlugPage, SitemapUserPage } from '@linkhunt/contracts/sitemap';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { App } from '../../app-types.js';
import type { Database } from '../../db/schema.js';
import { paginationOf } from '../products/product-repository.js';
import { type EntryPage, sitemapBrands, sitemapCategories, sitemapProducts, sitemapUsers } from './sitemap-repository.js';

const tags = ['sitemap'];
type SitemapPage = typeof SitemapSlugPage | typeof SitemapUserPage;

/**
 * Slim, paged lists of every public page of each kind, for the web server that writes the site's sitemaps:
 * nothing hidden, oldest first, with the date the page last changed.
 */
export async function sitemapRoutes(app: App): Promise<void> {
  type Reader<S extends SitemapPage> = (db: Kysely<Database>, page: number, perPage: number) => Promise<EntryPage<Static<S>['results']['data'][number]>>;
  const list = <S extends SitemapPage>(path: string, summary: string, response: S, read: Reader<S>) =>
    app.get(
      path,
      {
        // The same answer for every visitor, and a sitemap build reads every page at once.
        config: { readCache: true },
        schema: { tags, summary, querystring: SitemapPageQuery, response: { 200: response, 422: ValidationError } },
      },
      async (request) => {
        const { page = 1, per_page: perPage = SITEMAP_MAX_PER_PAGE } = request.query;
        const { entries, total } = await read(app.db, page, perPage);
        return { results: { data: entries, meta: { pagination: paginationOf(total, entries.length, page, perPage) } } };
      },
    );

  list('/sitemap/products', 'Every visible product: its slug and when it was last edited, by id', SitemapSlugPage, sitemapProducts);
  list('/sitemap/brands', 'Every brand with a visible product: its slug and its newest product\'s date, by id', SitemapSlugPage, sitemapBrands);
  list('/sitemap/categories', 'Every category with a visible product: its slug and its newest product\'s date, by id', SitemapSlugPage, sitemapCategories);
  list('/sitemap/users', 'Every user with a visible product: their username and their newest product\'s date, by id', SitemapUserPage, sitemapUsers);
}
