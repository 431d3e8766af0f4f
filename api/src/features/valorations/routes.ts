import { ValorationRequest, ValorationResponse } from '@linkhunt/contracts/schemas/product';
import { IdParam, Message, ValidationError } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { findProductOr404 } from '../../db/product-lookup.js';
import { nowIso } from '../../db/sql-helpers.js';
import { retryAfterOnDailyLimit } from '../../http/daily-limit.js';
import { fieldError, forbidden, notFound, productDeletedMeanwhile, productGone } from '../../http-errors.js';
import { invisibleCharacterProblem } from '../../http/invisible-characters.js';
import { signedInUser } from '../../plugins/auth.js';
import { accountContentLanguage, loadProductSummaries, valorationsOf } from '../products/product-repository.js';
import { checkNewReviewWithinLimit } from './review-limit.js';
import { insertFirstReview, replaceReview } from './valoration-repository.js';

/** Reviews ("valorations"): one per user per product; posting again replaces the earlier one. */
export async function valorationRoutes(app: App): Promise<void> {
  app.post(
    '/products/:id/valorations',
    {
      // A review changes its product's answers, its owner's (points, the reviews of their products), its
      // reviewer's, and listings (ratings, sorts, top users): not other products' pages.
      config: { readCacheWrites: 'targeted' },
      onRequest: [app.requireUser],
      onError: retryAfterOnDailyLimit,
      schema: {
        tags: ['valorations'],
        operationId: 'rateProduct',
        summary: 'Rate and review a product (again: replaces your review)',
        description: 'Answers 201 for a first review and 200 when it replaces yours, with the product\'s new rating. '
          + `At most ${app.config.dailyReviewLimit} first reviews per account per UTC day (DAILY_REVIEW_LIMIT): past that 429 with Retry-After, `
          + 'the seconds until the next UTC midnight; replacing a review of yours is always allowed. '
          + 'A review by an account whose e-mail address is not verified is shown (`counted: false`) but earns the product\'s owner no points '
          + 'and does not count in the product\'s rating, the sorts or min_rating until the address is verified.',
        params: IdParam,
        body: ValorationRequest,
        security: [{ bearer: [] }],
        response: {
          200: ValorationResponse, 201: ValorationResponse, 401: Message, 403: Message, 404: Message, 410: Message, 422: ValidationError, 429: Message,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const productId = request.params.id;
      const product = await findProductOr404(app.db, productId, ['user_id', 'hidden']);
      if (product.hidden === 1) throw productGone();
      if (product.user_id === user.id) throw forbidden('product.review_own');

      const review = request.body.review?.trim() || null;
      const reviewProblem = review === null ? null : invisibleCharacterProblem(review, 'text', 'review');
      if (reviewProblem) throw fieldError('review', reviewProblem);
      // The text is taken to be in the language the reviewer's account uses now, when it is written.
      const language = await accountContentLanguage(app.db, user.id);
      const written = { productId, userId: user.id, stars: request.body.stars, review, language, at: nowIso() };
      // Insert first and update only when that found a review: the statement that wrote decides 201 or 200,
      // so two simultaneous first reviews cannot both be told they were the first. A first review past the
      // day's limit is rolled back with its transaction.
      const { inserted, id } = await app.db
        .transaction()
        .execute(async (trx) => {
          const first = await insertFirstReview(trx, written);
          if (first !== undefined) {
            await checkNewReviewWithinLimit(trx, app.dialect, user.id, app.config.dailyReviewLimit);
            return { inserted: true, id: first };
          }
          return { inserted: false, id: await replaceReview(trx, written) };
        })
        .catch(productDeletedMeanwhile);
      if (id === undefined) throw notFound('product.not_found');
      app.readCache.invalidate({ product: productId, user: product.user_id, listings: true });
      app.readCache.invalidate({ user: user.id });

      const [valorations, [summary]] = await Promise.all([valorationsOf(app.db, productId), loadProductSummaries(app.db, [productId])]);
      const valoration = valorations.find((v) => v.id === id);
      if (!valoration || !summary) throw notFound('product.not_found');
      return reply.status(inserted ? 201 : 200).send({ results: { data: { valoration, rating: summary.rating } } });
    },
  );
}
