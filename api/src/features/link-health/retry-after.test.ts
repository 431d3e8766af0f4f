import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after.js';

const NOW = Date.parse('2015-10-21T07:28:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    ['0', 0],
    [' 30 ', 30_000],
    ['007', 7_000],
  ])('reads delay-seconds %j', (header, expected) => {
    expect(parseRetryAfter(header, NOW)).toBe(expected);
  });

  it.each([
    ['an IMF-fixdate', 'Wed, 21 Oct 2015 07:29:30 GMT', 90_000],
    ['an RFC 850 date', 'Wednesday, 21-Oct-15 07:30:00 GMT', 120_000],
    ["an asctime date (GMT, whatever the machine's zone)", 'Wed Oct 21 07:28:45 2015', 45_000],
    ['an asctime date with a one-digit day', 'Thu Oct  1 07:28:00 2015', 0],
  ])('reads %s as the time until it', (_form, header, expected) => {
    // Node takes a changed TZ at once: a machine far from GMT shows whether a zone-less date is read as local time.
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(parseRetryAfter(header, NOW)).toBe(expected);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('takes a date already past as now', () => {
    expect(parseRetryAfter('Tue, 20 Oct 2015 07:28:00 GMT', NOW)).toBe(0);
  });

  it('caps both forms at a day', () => {
    expect(MAX_RETRY_AFTER_MS).toBe(24 * 60 * 60_000);
    expect(parseRetryAfter('172800', NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('99999999999999999999', NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('Sat, 21 Nov 2015 07:28:00 GMT', NOW)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('uses the first of repeated headers', () => {
    expect(parseRetryAfter(['60', '3600'], NOW)).toBe(60_000);
  });

  it.each([undefined, '', '   ', 'soon', '-5', '1.5', '12abc', '+10', '1e3', 'Wed, 21 Oct 2015', '2015-10-21T07:30:00Z', 'Wed, 32 Foo 2015 07:28:00 GMT', 'Wed, 21 Oct 2015 25:61:00 GMT'])(
    'gives null for %j',
    (header) => {
      expect(parseRetryAfter(header, NOW)).toBeNull();
    },
  );

  it('measures from the current time by default', () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const ms = parseRetryAfter(inAMinute);
    expect(ms).not.toBeNull();
    expect(ms).toBeGreaterThan(58_000);
    expect(ms).toBeLessThanOrEqual(60_000);
  });
});
