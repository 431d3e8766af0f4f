/** A share (0.125) as a percentage in the page's language ("12.5 %", "12,5 %"), to one decimal. */
export function formatPercent(share: number, language: string): string {
  const options: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 1 };
  try {
    return new Intl.NumberFormat(language, options).format(share);
  } catch {
    // A language tag the runtime does not know: its own default rather than nothing.
    return new Intl.NumberFormat(undefined, options).format(share);
  }
}
