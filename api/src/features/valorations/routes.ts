import { ValorationRequest, ValorationResponse } from '@linkhunt/contracts/schemas/product';
import { MAX_REVIEW_PHOTOS } from '@linkhunt/contracts/photos';
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
import { FileTooLargeResponse } from '../../http/multipart-form.js';
import { readReviewForm, reviewUploads, storeReviewPhotos } from './review-form.js';
import { writeReviewPhotos } from '../products/review-photo-repository.js';
import { checkPhotosAllowed, checkPhotosWithinLimit } from '../products/photo-limits.js';
import { removeProductImage, type StoredProductImage } from '../products/product-images.js';

/** Reviews ("valorations"): one per user per product; posting again replaces the earlier one. */
export async function valorationRoutes(app: App): Promise<void> {
  app.post(
    '/products/:id/valorations',
    {
      // A review changes its product's answers, its owner's (points, the reviews of their products), its
      // reviewer's, and listings (ratings, sorts, top users): not other products' pages.
      config: { readCacheWrites: 'targeted' },
      onRequest: [app.requireUser],
      preValidation: readReviewForm,
      onError: retryAfterOnDailyLimit,
      schema: {
        tags: ['valorations'],
        operationId: 'rateProduct',
        summary: 'Rate and review a product (again: replaces your review)',
        description: 'Answers 201 for a first review and 200 when it replaces yours, with the product\'s new rating. '
          + `At most ${app.config.dailyReviewLimit} first reviews per account per UTC day (DAILY_REVIEW_LIMIT): past that 429 with Retry-After, `
          + 'the seconds until the next UTC midnight; replacing a review of yours is always allowed. '
          + 'A review by an account whose e-mail address is not verified is shown (`counted: false`) but earns the product\'s owner no points '
          + 'and does not count in the product\'s rating, the sorts or min_rating until the address is verified. '
          + `Sent as multipart/form-data instead of JSON, the same fields come with up to ${MAX_REVIEW_PHOTOS} files photos (PNG or JPEG, at most `
          + '2 MB each, re-encoded without their metadata), added after the photos kept, and keep_photos is a JSON array in a text field. '
          + `keep_photos: the ids of the review's photos to keep (left out: all); at most ${MAX_REVIEW_PHOTOS} photos in all (422). `
          + `Photos count toward the ${app.config.dailyPhotoLimit} a day (DAILY_PHOTO_LIMIT, with product photos): past that 429 with Retry-After.`,
        params: IdParam,
        body: ValorationRequest,
        consumes: ['application/json', 'multipart/form-data'],
        security: [{ bearer: [] }],
        response: {
          200: ValorationResponse, 201: ValorationResponse, 401: Message, 403: Message, 404: Message, 410: Message, 413: FileTooLargeResponse,
          422: ValidationError, 429: Message,
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
      const files = reviewUploads(request);
      await checkPhotosAllowed(app.db, user.id, files.length, app.config.dailyPhotoLimit);
      const added = await storeReviewPhotos(app.images, files);
      const keep = request.body.keep_photos ?? null;
      // Insert first and update only when that found a review: the statement that wrote decides 201 or 200,
      // so two simultaneous first reviews cannot both be told they were the first. A first review past the
      // day's limit is rolled back with its transaction, as are photos past the day's limit or the review's most.
      let outcome: { inserted: boolean; id: number | undefined; removed: StoredProductImage[] };
      try {
        outcome = await app.db
          .transaction()
          .execute(async (trx) => {
            const first = await insertFirstReview(trx, written);
            if (first !== undefined) await checkNewReviewWithinLimit(trx, app.dialect, user.id, app.config.dailyReviewLimit);
            const id = first ?? (await replaceReview(trx, written));
            if (id === undefined) return { inserted: false, id, removed: [] };
            const removed = await writeReviewPhotos(trx, id, keep, added);
            await checkPhotosWithinLimit(trx, app.dialect, user.id, added.length, app.config.dailyPhotoLimit);
            return { inserted: first !== undefined, id, removed };
          })
          .catch(productDeletedMeanwhile);
      } catch (error) {
        await Promise.all(added.map((photo) => removeProductImage(app.images, photo)));
        throw error;
      }
      const { inserted, id, removed } = outcome;
      if (id === undefined) {
        await Promise.all(added.map((photo) => removeProductImage(app.images, photo)));
        throw notFound('product.not_found');
      }
      // The rows are gone; a file that could not be removed is only wasted space (images:sweep takes it).
      await Promise.all(removed.map((photo) => removeProductImage(app.images, photo).catch((error: unknown) => {
        request.log.warn({ err: error, image: photo.image }, 'could not remove a review photo');
      })));
      app.readCache.invalidate({ product: productId, user: product.user_id, listings: true });
      app.readCache.invalidate({ user: user.id });

      const [valorations, [summary]] = await Promise.all([valorationsOf(app.db, productId), loadProductSummaries(app.db, [productId])]);
      const valoration = valorations.find((v) => v.id === id);
      if (!valoration || !summary) throw notFound('product.not_found');
      return reply.status(inserted ? 201 : 200).send({ results: { data: { valoration, rating: summary.rating } } });
    },
  );
}
