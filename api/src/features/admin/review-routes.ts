import { ReviewActionResponse, ReviewPhotosRemoveRequest } from '@linkhunt/contracts/schemas/moderation';
import { IdParam, Message } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { recipientOf } from '../../db/recipients.js';
import { afterResponse } from '../../http/after-response.js';
import { notFound } from '../../http-errors.js';
import { say } from '../../i18n/say.js';
import { sitePage } from '../../mail/site-page.js';
import { signedInUser } from '../../plugins/auth.js';
import { reviewPhotosRemovedMail } from '../moderation/mails/review-mails.js';
import { removeProductImage } from '../products/product-images.js';
import { selectValorationsWithUser, toValoration } from '../products/product-repository.js';
import { reviewPhotosOf } from '../products/review-photo-repository.js';
import { removeReviewPhotos } from './review-actions.js';
import { bearer, guarded } from './route-docs.js';
import { statementOf } from './statement.js';

/** What moderators do with reviews: remove their photos, with a statement of reasons. */
export async function reviewModerationRoutes(app: App): Promise<void> {
  const later = afterResponse(app);

  app.post(
    '/admin/valorations/:id/photos/remove',
    {
      schema: {
        tags: ['admin'],
        operationId: 'removeReviewPhotos',
        summary: 'Remove a review\'s photos with a statement of reasons, shown with the review and mailed to its author',
        description: 'Every file of the photos is deleted; the review itself stays, with the statement in `photos_removed`. Written to the audit log '
          + '(review.remove_photos, on the reviewed product). 403 on one\'s own review; 404 when there is no such review; 409 when it has no photos.',
        params: IdParam,
        body: ReviewPhotosRemoveRequest,
        security: bearer,
        response: { 200: ReviewActionResponse, 404: Message, 409: Message, ...guarded },
      },
    },
    async (request) => {
      const statement = statementOf(request.body.statement, 'statement');
      const outcome = await removeReviewPhotos(app.db, app.dialect, signedInUser(request), request.params.id, statement);
      // The rows are gone; a file that could not be removed is only wasted space (images:sweep takes it).
      await Promise.all(outcome.removed.map((photo) => removeProductImage(app.images, photo).catch((error: unknown) => {
        request.log.warn({ err: error, image: photo.image }, 'could not remove a review photo');
      })));
      later('moderation mail', async () => {
        const to = await recipientOf(app.db, outcome.authorId);
        if (to) {
          const productLink = sitePage(app.config.siteUrl, to.language, `product/${outcome.productSlug}`);
          await app.mailer.send(reviewPhotosRemovedMail(to, { title: outcome.title, statement, productLink }));
        }
      });
      const row = await selectValorationsWithUser(app.db).where('valorations.id', '=', outcome.valorationId).executeTakeFirst();
      if (!row) throw notFound('moderation.review_not_found');
      const valoration = toValoration(row, await reviewPhotosOf(app.db, [row.id]));
      return { message: say(request, 'moderation.review_photos_removed').message, results: { data: valoration } };
    },
  );
}
