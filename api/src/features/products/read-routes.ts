import { DEFAULT_PER_PAGE, FEATURED_LIMIT, RECENTS_LIMIT } from '@linkhunt/contracts/limits';
import { CategoryParam, Product, ProductLinks, ProductSlugQuery, ProductSummary, SearchParam } from '@linkhunt/contracts/schemas/product';
import { ListingQuery, ListingResponse } from '@linkhunt/contracts/schemas/listing';
import { IdParam, Message, PagedResults, PageQuery, Results, SlugParam, ValidationError } from '@linkhunt/contracts/schemas/common';
import Type from 'typebox';
import type { App } from '../../app-types.js';
import { agentLinksOf } from '../agent-links/offered-agents.js';
import { linkIdentity, sourceItemOf } from '../agent-links/product-identity.js';
import { SEARCH_QUERY_MAX_LENGTH } from '@linkhunt/contracts/search';
import { visibleProductIdsListing } from './identity-repository.js';
import { agentLink, marketplaceLink } from '../agent-links/source-item.js';
import { notFound, productGone, productWithdrawn } from '../../http-errors.js';
import { markForThisViewer, mayViewWithdrawn } from '../takedown/withdrawn.js';
import { categoriesBySlug, findProductBySlug, loadProductSummaries, pageOfProducts, visibleProductsNewestFirst, visibleProductsOfCategory } from './product-repository.js';
import { paginationOf } from '../../db/paging.js';
import { findProductOr404 } from '../../db/product-lookup.js';
import { ListingIndexCache } from './listing-index.js';
import { matchQuery } from './listing-match.js';
import { listProducts, type PriceRange } from './listing-repository.js';
import { BASE_CURRENCY, type Currency, MINOR_PER_MAJOR } from '@linkhunt/contracts/prices';
import { searchProductIds } from '../search/search-repository.js';
import { linkHealthOf } from '../link-health/link-health-repository.js';

const tags = ['products'];
const ProductList = Results(Type.Array(ProductSummary));
const ProductPage = PagedResults(Type.Array(ProductSummary));

/** The public reads of the catalogue: lists, a product page, search, and the store links behind the ad gate. */
export async function productReadRoutes(app: App): Promise<void> {
  // One per app (and so per database): see ListingIndexCache for how it follows the catalogue's writes.
  const listingIndex = new ListingIndexCache(app.db, app.dialect);

  app.get(
    '/products',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'listProducts',
        summary: 'The one listing: search, filters, sorting and facet counts, one page at a time',
        description: 'Repeat a filter for any of several values (?brand=nike&brand=adidas); different filters all apply. '
          + '`q` matches like /products/search: only its newest 1000 matches are ranked, so a very broad `q` finds (and `total` counts) at most those, '
          + 'and as many again for a corrected query. A `q` without words is ignored. '
          + 'A word of `q` that is not in the catalogue\'s vocabulary (visible titles, brands, categories) is corrected to the nearest one '
          + '(edit distance and trigrams): the products the corrected query finds come after those the typed one finds, and `meta.corrected_query` says what was searched. '
          + 'The vocabulary follows catalogue changes within about a minute. '
          + 'Words are also searched in all five languages (a dictionary of product terms, category and colour names) and in every inflection '
          + '(Snowball stems): those matches come after what the typed words find; `meta.understood` names the categories and colours recognised, '
          + 'whose products rank first. `literal=true` searches the typed words only. '
          + '`sort`: relevance (the default with `q`), new (the default otherwise), popular (downloads, as counted at most a minute earlier), '
          + 'rating (best rated: a Bayesian average, (5 × 3.5 + sum of stars) / (5 + reviews), then reviews; unrated last), '
          + 'price_asc and price_desc (cheapest or dearest first, prices in different currencies compared in euros at the rates of GET /rates; '
          + 'ties newest first; products without a price last in both). '
          + '`price_min` and `price_max` (major units, to the cent) keep the products whose price, converted to `currency` (EUR when left out) at those '
          + 'rates and rounded to the cent as clients show it, lies within them (both bounds included); a price range leaves out products without a price, '
          + 'and a `price_min` above `price_max` finds nothing (an empty page, not an error). When the rates change, the price sorts and ranges follow at once. '
          + 'Ratings, `min_rating` and the sorts count only reviews whose author\'s e-mail address is verified. '
          + 'Facets are disjunctive: each facet counts with every filter but its own. Hidden products never appear, from the moment they are hidden.',
        querystring: ListingQuery,
        response: { 200: ListingResponse, 422: ValidationError },
      },
    },
    async (request) => {
      const query = request.query;
      const [match, index] = await Promise.all([matchQuery(app.db, app.dialect, query.q, { literal: query.literal === true }), listingIndex.current()]);
      const { data, pagination, facets } = await listProducts(app.db, index, {
        filters: {
          match,
          categories: query.category ?? [],
          brands: query.brand ?? [],
          platforms: query.platform ?? [],
          colors: query.color ?? [],
          minRating: query.min_rating ?? null,
          price: priceRange(query),
        },
        sort: query.sort ?? (match ? 'relevance' : 'new'),
        page: query.page ?? 1,
        perPage: query.per_page ?? DEFAULT_PER_PAGE,
      });
      const understood = match?.understood
        ? {
          categories: index.categories.filter((c) => match.understood?.categories.includes(c.name)).map(({ slug, name }) => ({ slug, name })),
          colors: match.understood.colours,
        }
        : null;
      return { results: { data, meta: { pagination, facets, corrected_query: match?.corrected ?? null, understood } } };
    },
  );

  app.get(
    '/products/featured',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'listFeaturedProducts',
        summary: 'Featured products, newest first',
        description: `At most ${FEATURED_LIMIT}, hidden ones left out. Public, cached for a few seconds.`,
        response: { 200: ProductList },
      },
    },
    async () => {
      const rows = await visibleProductsNewestFirst(app.db).where('featured', '=', 1).limit(FEATURED_LIMIT).execute();
      return { results: { data: await loadProductSummaries(app.db, rows.map((r) => r.id)) } };
    },
  );

  app.get(
    '/products/recents',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'listRecentProducts',
        summary: 'The newest products',
        description: `The ${RECENTS_LIMIT} newest visible products. Public, cached for a few seconds.`,
        response: { 200: ProductList },
      },
    },
    async () => {
      const rows = await visibleProductsNewestFirst(app.db).limit(RECENTS_LIMIT).execute();
      return { results: { data: await loadProductSummaries(app.db, rows.map((r) => r.id)) } };
    },
  );

  app.get(
    '/products/slug/:slug',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'getProductBySlug',
        summary: 'A product page: reviews and, with ?include=user, the uploader. Hidden products are returned with hidden = 1',
        description: 'A product removed for illegal content answers 410 (`product.withdrawn`) to everyone but its uploader and moderators, '
          + 'who get it with `withdrawn: true` and `Cache-Control: private, no-store`.',
        params: SlugParam,
        querystring: ProductSlugQuery,
        response: { 200: Results(Product), 404: Message, 410: Message, 422: ValidationError },
      },
    },
    async (request, reply) => {
      const product = await findProductBySlug(app.db, request.params.slug, request.query.include === 'user', (uploaderId) => mayViewWithdrawn(request.user, uploaderId));
      if (!product) throw notFound('product.not_found');
      if (product === 'withdrawn') throw productWithdrawn();
      if (product.withdrawn) markForThisViewer(reply);
      app.readCache.tag(request, { product: product.id });
      return { results: { data: product } };
    },
  );

  app.get(
    '/products/cat/:category',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'listProductsOfCategory',
        summary: 'The products of a category (by slug), newest first, one page at a time',
        description: 'Hidden products left out; 20 per page by default. 404 when no category has that slug. Public, cached for a few seconds.',
        params: CategoryParam,
        querystring: PageQuery,
        response: { 200: ProductPage, 404: Message, 422: ValidationError },
      },
    },
    async (request) => {
      const [category] = await categoriesBySlug(app.db, [request.params.category]);
      if (!category) throw notFound('catalogue.category_not_found');
      const { page = 1, per_page: perPage = DEFAULT_PER_PAGE } = request.query;
      const { data, pagination } = await pageOfProducts(app.db, visibleProductsOfCategory(app.db, category.id), page, perPage);
      return { results: { data, meta: { pagination } } };
    },
  );

  app.get(
    '/products/search/:query',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'searchProducts',
        summary: 'Full-text search over title, brand, categories and description, best match first',
        description: 'Case- and accent-insensitive; the last word also matches as a prefix. Only the newest 1000 matches are ranked, and the total counts at most those. '
          + `A pasted agent, marketplace, Hacoo or DHGate link finds the products listing that item (up to ${SEARCH_QUERY_MAX_LENGTH} characters here; GET /products?q= takes longer links).`,
        params: SearchParam,
        querystring: PageQuery,
        response: { 200: ProductPage, 422: ValidationError },
      },
    },
    async (request) => {
      const { page = 1, per_page: perPage = DEFAULT_PER_PAGE } = request.query;
      const linked = linkIdentity(request.params.query);
      const { ids, total } = linked
        ? pageOf(await visibleProductIdsListing(app.db, linked), page, perPage)
        : await searchProductIds(app.db, app.dialect, request.params.query, page, perPage);
      const data = await loadProductSummaries(app.db, ids);
      return { results: { data, meta: { pagination: paginationOf(total, data.length, page, perPage) } } };
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        operationId: 'getProductLinks',
        summary: 'The store links of a product, each with the link checker\'s verdict, and its download count; fetching them counts nothing (POST /products/{id}/downloads does)',
        description: 'No sign-in needed. Answered with `Cache-Control: no-store`, so each reveal reaches the server. 404 when there is no such product; '
          + '410 `product.gone` for a hidden product, whose links are not handed out, and `product.withdrawn` for one removed for illegal content.',
        params: IdParam,
        response: { 200: Results(ProductLinks), 404: Message, 410: Message, 422: ValidationError },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const product = await findProductOr404(app.db, id, [
        'id', 'slug', 'hidden', 'withdrawn', 'link_hacoo', 'link_dhgate', 'link_cnfans', 'source_marketplace', 'source_item_id', 'downloads',
      ]);
      if (product.withdrawn === 1) throw productWithdrawn();
      // A hidden product was taken down (reported, removed by an admin): its links must not be handed out.
      if (product.hidden === 1) throw productGone();
      // The links are behind the ad step: never from a cache, so each reveal is the server's.
      reply.header('cache-control', 'no-store');
      const { link_hacoo, link_dhgate, slug, downloads } = product;
      const health = (await linkHealthOf(app.db, [product])).get(id);
      const link_health = { hacoo: health?.hacoo ?? { state: 'unknown' as const, checked_at: null }, dhgate: health?.dhgate ?? null, cnfans: health?.cnfans ?? null };
      // Built here, not stored: the site's agents and referral codes are settings that may change.
      const item = sourceItemOf(product);
      const { agents } = app.config;
      const agentLinks = {
        link_cnfans: item ? agentLink(item, 'cnfans', agents.referrals.cnfans) : product.link_cnfans,
        agent_links: item ? agentLinksOf(item, agents) : [],
        marketplace_link: item ? marketplaceLink(item) : null,
      };
      return { results: { data: { id, slug, link_hacoo, link_dhgate, ...agentLinks, downloads, link_health } } };
    },
  );
}

/** The query's price bounds in whole minor units of its currency; null without either bound. */
function priceRange(query: { price_min?: number; price_max?: number; currency?: Currency }): PriceRange | null {
  if (query.price_min === undefined && query.price_max === undefined) return null;
  const minor = (value: number | undefined) => (value === undefined ? null : Math.round(value * MINOR_PER_MAJOR));
  return { min: minor(query.price_min), max: minor(query.price_max), currency: query.currency ?? BASE_CURRENCY };
}

/** One page of ids already in order. */
function pageOf(ids: readonly number[], page: number, perPage: number): { ids: number[]; total: number } {
  return { ids: ids.slice((page - 1) * perPage, page * perPage), total: ids.length };
}
