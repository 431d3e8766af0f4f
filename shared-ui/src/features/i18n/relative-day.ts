const DAY_MS = 86_400_000;

/**
 * Calendar days from `iso` to `now` in the visitor's time zone (so a check at 23:00 is "yesterday" at 01:00),
 * never less than 0: a moment ahead of the browser's clock is today. Null for a date it cannot read.
 */
export function calendarDaysSince(iso: string, now: number): number | null {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return null;
  const today = new Date(now);
  // Local dates as UTC midnights: a day of 23 or 25 hours (a clock change) still counts as one.
  const dayOf = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.max(0, Math.round((dayOf(today) - dayOf(then)) / DAY_MS));
}

/** "today", "yesterday", "3 days ago", then months and years, in the page's language. */
export function formatDaysAgo(days: number, language: string): string {
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] = days < 31 ? [days, 'day'] : days < 365 ? [Math.floor(days / 30), 'month'] : [Math.floor(days / 365), 'year'];
  const options: Intl.RelativeTimeFormatOptions = { numeric: 'auto' };
  try {
    return new Intl.RelativeTimeFormat(language, options).format(-value, unit);
  } catch {
    // A language tag the runtime does not know: its own default rather than nothing.
    return new Intl.RelativeTimeFormat(undefined, options).format(-value, unit);
  }
}

/** Whether `iso` is at most `days` whole days before `now` (or after it: a clock behind the API's). */
export function isWithinDays(iso: string, now: number, days: number): boolean {
  const then = Date.parse(iso);
  return !Number.isNaN(then) && now - then <= days * DAY_MS;
}
