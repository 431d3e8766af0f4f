/** A date of the API (ISO 8601) in the visitor's language, e.g. "12 March 2025". */
export function formatDate(iso: string, language: string, style: 'long' | 'medium' = 'long'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: style }).format(date);
}
