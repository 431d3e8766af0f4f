import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { productWithdrawn } from '../../http-errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { productsShowingImage } from './withdrawn-repository.js';

type Db = Kysely<Database>;

/**
 * Who still sees a product removed for illegal content: its uploader (to understand and appeal the decision)
 * and moderators and admins (to decide the appeal). Everyone else gets 410.
 */
export function mayViewWithdrawn(viewer: AuthUser | null, uploaderId: number): boolean {
  return viewer !== null && (viewer.id === uploaderId || viewer.role === 'moderator' || viewer.role === 'admin');
}

/** Cache-Control of an answer for one viewer only: no browser, proxy or CDN keeps it, nor the API's read cache. */
export const FOR_THIS_VIEWER = 'private, no-store';

/** So the next visitor of the same URL gets their own 410, not this viewer's answer. */
export function markForThisViewer(reply: FastifyReply): void {
  void reply.header('cache-control', FOR_THIS_VIEWER);
}

/**
 * Whether a stored product picture (`products/x.webp` or its thumbnail, a gallery photo, or a review's photo
 * `reviews/x.webp`) may be served to this request: not when it belongs to a product removed for illegal content,
 * no product that is not withdrawn shows the same file (demo products share drawn pictures), and the request is
 * not the product uploader's or a moderator's (throws the 410); 'private' when only this viewer may have it. Two
 * indexed queries per product picture, one per review photo.
 */
export async function withdrawnImageAccess(db: Db, request: FastifyRequest, imagePath: string): Promise<'public' | 'private'> {
  const shownBy = await productsShowingImage(db, imagePath);
  if (shownBy.length === 0 || shownBy.some((product) => product.withdrawn === 0)) return 'public';
  if (!shownBy.some((product) => mayViewWithdrawn(request.user, product.user_id))) throw productWithdrawn();
  return 'private';
}
