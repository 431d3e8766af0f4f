import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http-errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { appendAudit } from '../moderation/audit-repository.js';
import type { StoredProductImage } from '../products/product-images.js';
import { findReviewToModerate, removeAllReviewPhotos } from '../products/review-photo-repository.js';

type Db = Kysely<Database>;

/** What the removal of a review's photos did, for the answer, the files to delete and the author's mail. */
export interface ReviewPhotosOutcome {
  valorationId: number;
  authorId: number;
  title: string;
  productSlug: string;
  removed: StoredProductImage[];
}

/**
 * Removes a review's photos with a statement of reasons, kept on the review and written to the audit log (the
 * target being the reviewed product) in the same transaction. Nobody judges their own cause: the review's author
 * cannot, whatever their role. 409 when the review has no photos.
 */
export async function removeReviewPhotos(db: Db, dialect: DialectName, actor: AuthUser, id: number, statement: string): Promise<ReviewPhotosOutcome> {
  return db.transaction().execute(async (trx) => {
    const review = await findReviewToModerate(trx, dialect, id);
    if (!review) throw notFound('moderation.review_not_found');
    if (review.user_id === actor.id) throw forbidden('moderation.own_review');
    const removed = await removeAllReviewPhotos(trx, id, statement);
    if (removed.length === 0) throw conflict('moderation.no_review_photos');
    await appendAudit(trx, actor, 'review.remove_photos', { type: 'product', id: review.product_id, label: review.title }, statement);
    return { valorationId: id, authorId: review.user_id, title: review.title, productSlug: review.slug, removed };
  });
}
