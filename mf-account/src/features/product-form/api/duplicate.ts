import type { DuplicateProduct } from '@linkhunt/contracts/product';
import { isApiError } from '@linkhunt/shared-ui/features/api/api-client.ts';

const LINK_FIELDS: readonly string[] = ['link_hacoo', 'link_dhgate', 'link_cnfans'];

/** The already listed product of a 409 `product.duplicate` answer to an upload or an edit; null for any other failure. */
export function duplicateOf(error: unknown): DuplicateProduct | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = error.data as Partial<DuplicateProduct> | null;
  const existing = body?.existing;
  if (body?.code !== 'product.duplicate' || typeof body.message !== 'string' || typeof existing !== 'object' || existing === null) return null;
  if (typeof existing.slug !== 'string' || typeof existing.title !== 'string' || !LINK_FIELDS.includes(existing.field)) return null;
  return body as DuplicateProduct;
}
