import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { nextCheckAt, slotAfter, slotOffset } from './schedule.js';

const HOUR = 3_600_000;
const config = { ...loadConfig({}).linkCheck, intervalMs: 24 * HOUR, confirmMs: 6 * HOUR, retryMs: 15 * 60_000 };
const link = { productId: 7, platform: 'hacoo', goneCount: 0, goneSince: null, unknownCount: 0 };

describe('the schedule', () => {
  it('gives each link its own moment of the day, spread evenly over it', () => {
    const buckets = new Array<number>(24).fill(0);
    for (let id = 1; id <= 24_000; id += 1) {
      const hour = Math.floor(slotOffset(id, 'hacoo', 24 * HOUR) / HOUR);
      buckets[hour] = (buckets[hour] ?? 0) + 1;
    }
    // 1,000 links an hour on average; a burst would show as one hour far above it.
    expect(Math.max(...buckets)).toBeLessThan(1_150);
    expect(Math.min(...buckets)).toBeGreaterThan(850);
  });

  it('places the next check strictly after the time given, at the link\'s own moment', () => {
    const offset = 5 * HOUR;
    expect(slotAfter(0, offset, 24 * HOUR)).toBe(5 * HOUR);
    expect(slotAfter(5 * HOUR, offset, 24 * HOUR)).toBe(29 * HOUR);
    expect(slotAfter(30 * HOUR, offset, 24 * HOUR)).toBe(53 * HOUR);
  });

  it('after a working link, checks again in the next round: between half an interval and one and a half away', () => {
    const now = Date.UTC(2026, 10, 24, 9);
    const next = nextCheckAt(config, now, 'ok', link, null);
    expect(next - now).toBeGreaterThan(12 * HOUR);
    expect(next - now).toBeLessThanOrEqual(36 * HOUR);
    expect((next - slotOffset(7, 'hacoo', config.intervalMs)) % config.intervalMs).toBe(0);
  });

  it('after a first gone, checks again once the confirmation gap has passed; after the confirming one, next round', () => {
    const now = Date.UTC(2026, 10, 24, 9);
    expect(nextCheckAt(config, now, 'gone', { ...link, goneCount: 1, goneSince: now }, null)).toBe(now + 6 * HOUR);
    // A report had it checked again an hour later: still not confirmed, so the confirming check stays at +6 h.
    expect(nextCheckAt(config, now + HOUR, 'gone', { ...link, goneCount: 2, goneSince: now }, null)).toBe(now + 6 * HOUR);
    const confirmed = nextCheckAt(config, now + 6 * HOUR, 'gone', { ...link, goneCount: 2, goneSince: now }, null);
    expect(confirmed - (now + 6 * HOUR)).toBeGreaterThan(12 * HOUR);
  });

  it('retries an inconclusive check with a backoff that doubles up to the interval, or later when the store asks', () => {
    const now = 0;
    expect(nextCheckAt(config, now, 'unknown', { ...link, unknownCount: 1 }, null)).toBe(15 * 60_000);
    expect(nextCheckAt(config, now, 'unknown', { ...link, unknownCount: 3 }, null)).toBe(60 * 60_000);
    expect(nextCheckAt(config, now, 'unknown', { ...link, unknownCount: 12 }, null)).toBe(24 * HOUR);
    expect(nextCheckAt(config, now, 'unknown', { ...link, unknownCount: 1 }, 2 * HOUR)).toBe(2 * HOUR);
  });
});
