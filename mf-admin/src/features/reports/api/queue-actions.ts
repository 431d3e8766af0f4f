import type { AppealDecision, HideRequest, ProductActionResponse, QueueItem } from '@linkhunt/contracts/moderation';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';

/** The moderator's calls on one queued product; each resolves with the item as it stands afterwards. */

/**
 * The reads a decision changes: the queue's pages, the audit log that records it, and the public reads that show
 * or list the product (its page, lists, its brand's, category's and uploader's pages), which a moderator may open next.
 */
export const QUEUE_CHANGES = ['/admin/reports', '/admin/audit', '/products', '/brands', '/categories', '/users'];

/** The queue holds products with open reports or an open appeal: anything else leaves it. */
export const stillQueued = (item: QueueItem) => item.open_reports > 0 || item.appeal !== null;

const productAction = async (item: QueueItem, action: 'hide' | 'unhide' | 'dismiss', body?: HideRequest) =>
  (await apiClient.post<ProductActionResponse>(`/admin/products/${item.product.id}/${action}`, body)).data.results.data;

/** Hiding and dismissing answer the reports; unhiding answers none: those still open stay, for another decision. */
const decided = (item: QueueItem, action: 'hide' | 'unhide' | 'dismiss', product: ProductSummary): QueueItem =>
  action === 'unhide' ? { ...item, product } : { ...item, product, open_reports: 0, reason_counts: [], reports: [] };

/** `illegal`: removed for illegal content (withdrawn, 410 for all but its uploader and moderators), not only unavailable. */
export const hideProduct = async (item: QueueItem, statement: string, illegal: boolean) =>
  decided(item, 'hide', await productAction(item, 'hide', { statement, illegal }));

/** Unhide and dismiss: sent at once, without a statement. */
export type QuickDecision = 'unhide' | 'dismiss';

export const decideNow = async (item: QueueItem, action: QuickDecision) => decided(item, action, await productAction(item, action));

/** What unhide or dismiss makes of the item, shown before the API answers. */
export const foreseenDecision = (item: QueueItem, action: QuickDecision) =>
  decided(item, action, action === 'unhide' ? { ...item.product, hidden: 0 } : item.product);

/** `reversed` makes the product visible again; `upheld` keeps it hidden. Either way the appeal is closed. */
export async function decideAppeal(item: QueueItem, decision: AppealDecision): Promise<QueueItem> {
  if (!item.appeal) return item;
  await apiClient.post(`/admin/appeals/${item.appeal.id}/decide`, decision);
  const hidden = decision.outcome === 'reversed' ? 0 : item.product.hidden;
  return { ...item, appeal: null, product: { ...item.product, hidden } };
}
