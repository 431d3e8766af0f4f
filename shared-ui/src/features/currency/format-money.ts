import { type Currency, MINOR_PER_MAJOR } from '@linkhunt/contracts/prices';

/** Whole minor units of `currency` written the way `language` writes money ("€12.40", "12,40 €", "CN¥89.00"). */
export function formatMoney(amountMinor: number, currency: Currency, language: string): string {
  const options: Intl.NumberFormatOptions = { style: 'currency', currency };
  const amount = amountMinor / MINOR_PER_MAJOR;
  try {
    return new Intl.NumberFormat(language, options).format(amount);
  } catch {
    // A language tag the runtime does not know: its own default rather than nothing.
    return new Intl.NumberFormat(undefined, options).format(amount);
  }
}

/** The currency's own sign as `language` writes it alone ("€", "$", "¥", "£"). */
export function currencySymbol(currency: Currency, language: string): string {
  const parts = new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** The currency's name in `language` ("Euro", "US-Dollar"); its code where the runtime has no name for it. */
export function currencyName(currency: Currency, language: string): string {
  try {
    return new Intl.DisplayNames(language, { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}
