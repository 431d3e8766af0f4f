import { VERIFIED_MARK_DAYS } from '@linkhunt/contracts/link-health';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { isWithinDays } from '../../features/i18n/relative-day.ts';

/**
 * Whether a card shows the "verified" mark: every link of the product seen working, the latest verdict at most
 * VERIFIED_MARK_DAYS before `now`. A product from an API older than the fields has neither, so no mark.
 */
export function isRecentlyVerified(product: Pick<ProductSummary, 'link_state' | 'links_checked_at'>, now: number): boolean {
  return product.link_state === 'ok' && Boolean(product.links_checked_at) && isWithinDays(product.links_checked_at ?? '', now, VERIFIED_MARK_DAYS);
}
