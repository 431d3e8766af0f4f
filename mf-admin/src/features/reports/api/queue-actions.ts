import type { AppealDecision, HideRequest, ProductActionResponse, QueueItem } from '@linkhunt/contracts/moderation';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';

/** The moderator's calls on one queued product; each resolves with the item as it stands afterwards. */

const productAction = async (id: number, action: 'hide' | 'unhide' | 'dismiss', body?: HideRequest): Promise<ProductSummary> =>
  (await apiClient.post<ProductActionResponse>(`/admin/products/${id}/${action}`, body)).data.results.data;

/** The reports are closed by hiding (the decision answers them). */
const withoutReports = (item: QueueItem, product: ProductSummary): QueueItem => ({
  ...item,
  product,
  open_reports: 0,
  reason_counts: [],
  reports: [],
});

/** `illegal`: removed for illegal content (withdrawn, 410 for all but its uploader and moderators), not only unavailable. */
export async function hideProduct(item: QueueItem, statement: string, illegal: boolean): Promise<QueueItem> {
  return withoutReports(item, await productAction(item.product.id, 'hide', { statement, illegal }));
}

export async function dismissReports(item: QueueItem): Promise<QueueItem> {
  return withoutReports(item, await productAction(item.product.id, 'dismiss'));
}

/** Unhiding answers no report: those still open stay, for another decision. */
export async function unhideProduct(item: QueueItem): Promise<QueueItem> {
  return { ...item, product: await productAction(item.product.id, 'unhide') };
}

/** `reversed` makes the product visible again; `upheld` keeps it hidden. Either way the appeal is closed. */
export async function decideAppeal(item: QueueItem, decision: AppealDecision): Promise<QueueItem> {
  if (!item.appeal) return item;
  await apiClient.post(`/admin/appeals/${item.appeal.id}/decide`, decision);
  const hidden = decision.outcome === 'reversed' ? 0 : item.product.hidden;
  return { ...item, appeal: null, product: { ...item.product, hidden } };
}

/** The queue holds products with open reports or an open appeal: anything else leaves it. */
export const stillQueued = (item: QueueItem) => item.open_reports > 0 || item.appeal !== null;
