import type { StoreLinkHealth } from '@linkhunt/contracts/link-health';
import type { Store } from '@linkhunt/contracts/limits';
import type { ProductLinks, ProductSummary } from '@linkhunt/contracts/product';

/** What the page says beside "Get the link": the links are gone, or when they were last seen working. */
export type LinkStatus = { kind: 'gone' } | { kind: 'verified'; checkedAt: string };

/**
 * `gone` every link is gone; `ok` or `partly_gone` with a verdict's (readable) time: verified then. Nothing for
 * links not judged yet, nor for a product from an API older than the fields (it has neither).
 */
export function productLinkStatus(product: Pick<ProductSummary, 'link_state' | 'links_checked_at'>): LinkStatus | null {
  if (product.link_state === 'gone') return { kind: 'gone' };
  const checkedAt = product.links_checked_at;
  if ((product.link_state === 'ok' || product.link_state === 'partly_gone') && checkedAt && !Number.isNaN(Date.parse(checkedAt))) {
    return { kind: 'verified', checkedAt };
  }
  return null;
}

/** One store link's verdict; null where there is none (no link there, or an API older than `link_health`). */
export function storeHealth(links: ProductLinks, store: Store): StoreLinkHealth | null {
  // Typed as always there, but a site may be deployed before its API: read as possibly absent.
  const health = links.link_health as ProductLinks['link_health'] | undefined;
  return health?.[store] ?? null;
}
