import { ValidationError } from '@linkhunt/contracts/schemas/common';
import { SitemapPageQuery, SitemapSlugPage, SitemapStamp, SitemapUserPage } from '@linkhunt/contracts/schemas/sitemap';
import { SITEMAP_MAX_PER_PAGE } from '@linkhunt/contracts/sitemap';
import type { TSchema } from 'typebox';
import type { App } from '../../app-types.js';
import { paginationOf } from '../../db/paging.js';
import { type EntryPage, sitemapBrands, sitemapCategories, sitemapProducts, sitemapStamp, sitemapUsers } from './sitemap-repository.js';

const tags = ['sitemap'];

/** A list read: the same answer for every visitor, and a sitemap build reads every page of it at once. */
const listRoute = <S extends TSchema>(operationId: string, summary: string, response: S) => ({
  config: { readCache: true },
  schema: {
    tags,
    operationId,
    summary,
    description: `For the web server that writes the site's sitemaps: pages of up to ${SITEMAP_MAX_PER_PAGE} entries (the default), in id order, `
      + 'nothing hidden. Public, cached for a few seconds; GET /sitemap/stamp tells when a sitemap built from them is stale.',
    querystring: SitemapPageQuery,
    response: { 200: response, 422: ValidationError },
  },
});

type Read<T> = (page: number, perPage: number) => Promise<EntryPage<T>>;

async function answer<T>(query: SitemapPageQuery, read: Read<T>) {
  const { page = 1, per_page: perPage = SITEMAP_MAX_PER_PAGE } = query;
  const { entries, total } = await read(page, perPage);
  return { results: { data: entries, meta: { pagination: paginationOf(total, entries.length, page, perPage) } } };
}

/**
 * Slim, paged lists of every public page of each kind, for the web server that writes the site's sitemaps:
 * nothing hidden, oldest first, with the date the page last changed.
 */
export async function sitemapRoutes(app: App): Promise<void> {
  app.get(
    '/sitemap/products',
    listRoute('listSitemapProducts', 'Every visible product: its slug, when it was last edited and its photos (paths under /images/, cover first), by id', SitemapSlugPage),
    (request) => answer(request.query, (page, perPage) => sitemapProducts(app.db, page, perPage)),
  );
  app.get(
    '/sitemap/brands',
    listRoute('listSitemapBrands', 'Every brand with a visible product: its slug and its newest product\'s date, by id', SitemapSlugPage),
    (request) => answer(request.query, (page, perPage) => sitemapBrands(app.db, page, perPage)),
  );
  app.get(
    '/sitemap/categories',
    listRoute('listSitemapCategories', 'Every category with a visible product: its slug and its newest product\'s date, by id', SitemapSlugPage),
    (request) => answer(request.query, (page, perPage) => sitemapCategories(app.db, page, perPage)),
  );
  app.get(
    '/sitemap/users',
    listRoute('listSitemapUsers', 'Every user with a visible product: their username and their newest product\'s date, by id', SitemapUserPage),
    (request) => answer(request.query, (page, perPage) => sitemapUsers(app.db, page, perPage)),
  );
  // Cached as a listing (no tag), so any write that changes a list drops it with the lists themselves.
  app.get(
    '/sitemap/stamp',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'getSitemapStamp',
        summary: 'A fingerprint of what the sitemap lists: it changes when a product is shown, hidden, removed, uploaded or edited',
        description: 'For the web server that builds the sitemaps: a build made when the stamp was different is stale. '
          + 'Only equality is meaningful; the text has no other meaning.',
        response: { 200: SitemapStamp },
      },
    },
    async () => ({ results: { data: { stamp: await sitemapStamp(app.db) } } }),
  );
}
