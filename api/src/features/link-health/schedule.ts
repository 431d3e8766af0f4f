import type { LinkCheckConfig } from '../../config.js';

/**
 * When each link is checked. Every link owns a fixed moment of the interval (a hash of product and store),
 * so a round's checks spread evenly over the day whatever bursts of uploads or restarts came before, and
 * a link is never checked twice in one round.
 */

/** FNV-1a: stable across processes and versions, so every instance computes the same moment. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The link's own moment of the interval, in ms after the start of any interval. */
export function slotOffset(productId: number, platform: string, intervalMs: number): number {
  return (hash(`${productId}:${platform}`) / 0x1_0000_0000) * intervalMs;
}

/** The first of the link's moments strictly after `after` (ms since the epoch). */
export function slotAfter(after: number, offset: number, intervalMs: number): number {
  return offset + (Math.floor((after - offset) / intervalMs) + 1) * intervalMs;
}

/**
 * The link's moment in the next round after a check at `now`: half an interval later at least, so that a link
 * checked early (new, or reported) does not get a second check right after.
 */
export function nextRoundAt(productId: number, platform: string, now: number, intervalMs: number): number {
  return slotAfter(now + intervalMs / 2, slotOffset(productId, platform, intervalMs), intervalMs);
}

export interface LinkProgress {
  productId: number;
  platform: string;
  /** `gone` verdicts in a row, this check's included, and when the first of them came. */
  goneCount: number;
  goneSince: number | null;
  /** Inconclusive checks in a row, this one included. */
  unknownCount: number;
}

export type CheckedAs = 'ok' | 'gone' | 'unknown';

/**
 * When to check again after a check at `now`:
 * - after a verdict, at the link's moment in the next round (nextRoundAt);
 * - after a first `gone`, once `confirmMs` has passed, to confirm it (two in a row, that far apart, hide a product);
 * - after an inconclusive check, with a backoff that doubles up to the interval, or later if the store
 *   asked for it (Retry-After).
 */
export function nextCheckAt(config: LinkCheckConfig, now: number, checked: CheckedAs, progress: LinkProgress, retryAfterMs: number | null): number {
  const nextRound = () => nextRoundAt(progress.productId, progress.platform, now, config.intervalMs);
  if (checked === 'ok') return nextRound();
  if (checked === 'gone') {
    const confirmedAt = (progress.goneSince ?? now) + config.confirmMs;
    return progress.goneCount >= 2 && now >= confirmedAt ? nextRound() : Math.max(confirmedAt, now + 1000);
  }
  const backoff = Math.min(config.retryMs * 2 ** Math.min(progress.unknownCount - 1, 20), config.intervalMs);
  return now + Math.max(backoff, retryAfterMs ?? 0);
}
