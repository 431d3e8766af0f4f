import { FavouriteResponse, FavouritesPage } from '@linkhunt/contracts/schemas/product';
import { IdParam, Message, PageQuery } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { nowIso } from '../../db/sql-helpers.js';
import { notFound, productDeletedMeanwhile } from '../../http-errors.js';
import { signedInUser } from '../../plugins/auth.js';
import { pageOfProducts } from '../products/product-repository.js';
import { tooManyRequests } from '../../http/limits/too-many.js';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../plugins/auth.js';

const bearer = [{ bearer: [] }];

/** A user's favourite products. Adding and removing are idempotent, so a double click is harmless. */
export async function favouriteRoutes(app: App): Promise<void> {
  app.get(
    '/auth/favs',
    {
      onRequest: [app.requireUser],
      schema: {
        tags: ['favourites'],
        summary: 'My favourite products, the latest favourited first (unavailable ones left out)',
        querystring: PageQuery,
        security: bearer,
        response: { 200: FavouritesPage, 401: Message },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const query = app.db
        .selectFrom('favourites')
        .innerJoin('products', 'products.id', 'favourites.product_id')
        .select('products.id as id')
        .where('favourites.user_id', '=', user.id)
        .where('products.hidden', '=', 0)
        .orderBy('favourites.created_at', 'desc')
        .orderBy('products.id', 'desc');
      const { data, pagination } = await pageOfProducts(app.db, query, request.query.page ?? 1, request.query.per_page ?? 20);
      return { results: { data, meta: { pagination } } };
    },
  );

  const schema = (summary: string) => ({
    tags: ['favourites'],
    summary,
    params: IdParam,
    security: bearer,
    response: { 200: FavouriteResponse, 401: Message, 404: Message, 429: Message },
  });

  /**
   * Adds and removes count together per account (RATE_LIMIT_FAVOURITE a minute, in the shared counter store): a
   * person clicks a few hearts a minute, a script hundreds a second. Past it 429 with Retry-After.
   */
  const countToggle = async (user: AuthUser, reply: FastifyReply) => {
    const { count, retryAfter } = await app.counters.hit(`favourite-toggle:${user.id}`, app.config.favouriteToggles);
    if (count <= app.config.favouriteToggles.max) return;
    throw tooManyRequests(reply, retryAfter);
  };
  // Favourites show in no public answer (a user's own list, /auth/favs, is never cached), so a toggle drops
  // nothing from the read cache.
  const toggleConfig = { readCacheWrites: 'targeted' } as const;

  app.get('/products/:id/favourite', { onRequest: [app.requireUser], schema: schema('Whether a product is one of my favourites') }, async (request) => {
    const user = signedInUser(request);
    const productId = await existingProduct(app, request.params.id);
    const row = await app.db.selectFrom('favourites').select('product_id').where('user_id', '=', user.id).where('product_id', '=', productId).executeTakeFirst();
    return { results: { data: { product_id: productId, favourite: row !== undefined } } };
  });

  app.post('/products/:id/favourite', { config: toggleConfig, onRequest: [app.requireUser], schema: schema('Add a product to my favourites (404 for a hidden one)') }, async (request, reply) => {
    const user = signedInUser(request);
    await countToggle(user, reply);
    const productId = await existingProduct(app, request.params.id, { visibleOnly: true });
    await app.db
      .insertInto('favourites')
      .values({ user_id: user.id, product_id: productId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .execute()
      .catch(productDeletedMeanwhile);
    return { results: { data: { product_id: productId, favourite: true } } };
  });

  app.delete('/products/:id/favourite', { config: toggleConfig, onRequest: [app.requireUser], schema: schema('Remove a product from my favourites') }, async (request, reply) => {
    const user = signedInUser(request);
    await countToggle(user, reply);
    const productId = await existingProduct(app, request.params.id);
    await app.db.deleteFrom('favourites').where('user_id', '=', user.id).where('product_id', '=', productId).execute();
    return { results: { data: { product_id: productId, favourite: false } } };
  });
}

/** `visibleOnly`: a hidden product (unavailable or removed) is not there to be favourited; removing one still works. */
async function existingProduct(app: App, id: number, { visibleOnly = false } = {}): Promise<number> {
  const row = await app.db.selectFrom('products').select(['id', 'hidden']).where('id', '=', id).executeTakeFirst();
  if (!row || (visibleOnly && row.hidden === 1)) throw notFound('product.not_found');
  return row.id;
}
