/** A store asking for a longer pause than this is not taken at its word: the link is still checked once a day. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

const DELAY_SECONDS = /^\d+$/;
// The three HTTP-date forms (RFC 9110 section 5.6.7). Checked before Date.parse, which would also take
// "1" as the year 2001 or "next week" on some engines.
const IMF_FIXDATE = /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC_850 = /^[A-Za-z]{6,9}, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * How long a Retry-After header asks to wait, in ms, capped at a day; null when absent or not one of
 * its two forms (delay-seconds or an HTTP-date). A date already past means now (0).
 */
export function parseRetryAfter(header: string | string[] | undefined, now: number = Date.now()): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === '') return null;
  if (DELAY_SECONDS.test(value)) return Math.min(Number(value) * 1000, MAX_RETRY_AFTER_MS);
  const date = httpDate(value);
  if (date === null) return null;
  return Math.min(Math.max(date - now, 0), MAX_RETRY_AFTER_MS);
}

function httpDate(value: string): number | null {
  // asctime carries no zone but is GMT by definition; Date.parse would read it as local time.
  const text = ASCTIME.test(value) ? `${value} GMT` : IMF_FIXDATE.test(value) || RFC_850.test(value) ? value : null;
  if (text === null) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : time;
}
