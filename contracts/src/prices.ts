import type { ContentLanguage } from './content-language.ts';

/**
 * Prices (issue "Finds people can judge"). A product may have one price, in the currency it was entered in; a
 * visitor sees it in their own currency, converted at reference rates and marked as approximate. Plain values
 * and functions, no schema library, so browser code can use them.
 */

/** The currencies a price is entered and shown in; the ECB's daily reference rates cover each. */
export const CURRENCIES = ['EUR', 'USD', 'CNY', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Rates are units of each currency per one of this; the listing compares prices in it. */
export const BASE_CURRENCY = 'EUR' satisfies Currency;

/** Minor units per major unit (ISO 4217 exponent 2 for all four): prices are kept as whole minor units. */
export const MINOR_PER_MAJOR = 100;

/** The highest price accepted, in minor units (999,999.99). */
export const PRICE_MAX_MINOR = 99_999_999;

/** The currency a visitor sees before choosing one: the one most of each language's visitors pay in. */
export const DEFAULT_CURRENCY_BY_LANGUAGE: Record<ContentLanguage, Currency> = { es: 'EUR', en: 'USD', de: 'EUR', it: 'EUR', fr: 'EUR' };

/** The browser's own record of a visitor's currency (localStorage); a signed-in user's is their account's `preferred_currency`. */
export const PREFERRED_CURRENCY_STORAGE_KEY = 'linkhunt.currency';

/** Units of each currency per one BASE_CURRENCY (so the base's own rate is 1). */
export type RateTable = Record<Currency, number>;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * `amountMinor` of `from` in `to`, in whole minor units of `to`, rounded half up (prices are positive). The same
 * currency gives the amount back untouched.
 */
export function convertMinor(amountMinor: number, from: Currency, to: Currency, rates: RateTable): number {
  if (from === to) return amountMinor;
  return Math.round((amountMinor * rates[to]) / rates[from]);
}

export type { ExchangeRates, Price, RatesResponse } from './schemas/prices.js';
