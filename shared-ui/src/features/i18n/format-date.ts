/** How a date is written: the day in full, shorter, or the month and year only ("member since"). */
export type DateStyle = 'long' | 'medium' | 'month';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { dateStyle: 'long' },
  medium: { dateStyle: 'medium' },
  month: { year: 'numeric', month: 'long' },
};

/**
 * A date of the API (ISO 8601) in the visitor's language; an unreadable date gives an empty string. `timeZone`
 * ('UTC') makes the day the same wherever it is rendered: the server's zone is not the browser's.
 */
export function formatDate(iso: string, language: string, style: DateStyle = 'long', timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options = { ...OPTIONS[style], timeZone };
  try {
    return new Intl.DateTimeFormat(language, options).format(date);
  } catch {
    // A language tag the runtime does not know: its own default rather than nothing.
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}
