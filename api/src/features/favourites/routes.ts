import { FavouriteResponse, FavouritesPage } from '@linkhunt/contracts/schemas/product';
import { IdParam, Message, PageQuery } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { findProductOr404 } from '../../db/product-lookup.js';
import { productDeletedMeanwhile } from '../../http-errors.js';
import { signedInUser } from '../../plugins/auth.js';
import { pageOfProducts } from '../products/product-repository.js';
import { tooManyRequests } from '../../http/limits/too-many.js';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../plugins/auth.js';
import { addFavourite, favouriteProductIds, isFavourite, removeFavourite } from './favourite-repository.js';

const bearer = [{ bearer: [] }];

/** A user's favourite products. Adding and removing are idempotent, so a double click is harmless. */
export async function favouriteRoutes(app: App): Promise<void> {
  app.get(
    '/auth/favs',
    {
      onRequest: [app.requireUser],
      schema: {
        tags: ['favourites'],
        operationId: 'listFavourites',
        summary: 'My favourite products, the latest favourited first (unavailable ones left out)',
        description: 'Needs a token; 20 per page by default. A product hidden after it was favourited is left out but stays a favourite: it is listed again if it is shown again. Never cached.',
        querystring: PageQuery,
        security: bearer,
        response: { 200: FavouritesPage, 401: Message },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { data, pagination } = await pageOfProducts(app.db, favouriteProductIds(app.db, user.id), request.query.page ?? 1, request.query.per_page ?? 20);
      return { results: { data, meta: { pagination } } };
    },
  );

  const operations = {
    getFavouriteStatus: {
      summary: 'Whether a product is one of my favourites',
      description: 'Needs a token. 404 when there is no such product; a hidden one still answers.',
    },
    addFavourite: {
      summary: 'Add a product to my favourites (404 for a hidden one)',
      description: 'Needs a token. Adding one twice answers the same. Adds and removes count together per account: '
        + `past ${app.config.favouriteToggles.max} a minute (RATE_LIMIT_FAVOURITE), 429 with Retry-After.`,
    },
    removeFavourite: {
      summary: 'Remove a product from my favourites',
      description: 'Needs a token. Removing one that is not a favourite answers the same, and a hidden product can be removed; '
        + '404 when there is no such product. Counted with adds (429 with Retry-After).',
    },
  };
  const schema = (operationId: keyof typeof operations) => ({
    tags: ['favourites'],
    operationId,
    ...operations[operationId],
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

  app.get('/products/:id/favourite', { onRequest: [app.requireUser], schema: schema('getFavouriteStatus') }, async (request) => {
    const user = signedInUser(request);
    const { id: productId } = await findProductOr404(app.db, request.params.id, ['id']);
    return { results: { data: { product_id: productId, favourite: await isFavourite(app.db, user.id, productId) } } };
  });

  app.post('/products/:id/favourite', { config: toggleConfig, onRequest: [app.requireUser], schema: schema('addFavourite') }, async (request, reply) => {
    const user = signedInUser(request);
    await countToggle(user, reply);
    // A hidden product (unavailable or removed) is not there to be favourited; removing one still works.
    const { id: productId } = await findProductOr404(app.db, request.params.id, ['id'], { visibleOnly: true });
    await addFavourite(app.db, user.id, productId).catch(productDeletedMeanwhile);
    return { results: { data: { product_id: productId, favourite: true } } };
  });

  app.delete('/products/:id/favourite', { config: toggleConfig, onRequest: [app.requireUser], schema: schema('removeFavourite') }, async (request, reply) => {
    const user = signedInUser(request);
    await countToggle(user, reply);
    const { id: productId } = await findProductOr404(app.db, request.params.id, ['id']);
    await removeFavourite(app.db, user.id, productId);
    return { results: { data: { product_id: productId, favourite: false } } };
  });
}
