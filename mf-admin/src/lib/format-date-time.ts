/** A date and time of the API (ISO 8601) in the page's language, as moderators compare them; '' when unreadable. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(language, options).format(date);
  } catch {
    // A language tag the runtime does not know: its own default rather than nothing.
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}
