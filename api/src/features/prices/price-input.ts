import { CURRENCIES, type Currency, isCurrency, MINOR_PER_MAJOR, PRICE_MAX_MINOR } from '@linkhunt/contracts/prices';
import { type ApiText, text } from '../../i18n/api-text.js';

export type AmountCheck = { ok: true; minor: number } | { ok: false; message: ApiText };

/** The highest price, as people write it (999999.99). */
const MAX_WRITTEN = (PRICE_MAX_MINOR / MINOR_PER_MAJOR).toFixed(2);

/**
 * A typed amount ("12.40", "12,40", "12", " 12.4 ") in whole minor units. Read as text, digit by digit, never
 * through a float: 0.1 + 0.2 style errors cannot creep into a stored price. Zero, negatives, more than two
 * decimals, anything but digits and one decimal separator, and more than PRICE_MAX_MINOR are refused.
 */
export function parseAmount(raw: string): AmountCheck {
  const value = raw.trim();
  const match = /^([+-]?)(\d+)(?:[.,](\d+))?$/.exec(value);
  if (!match) return { ok: false, message: text('validation.price_amount') };
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, message: text('validation.price_decimals') };
  // Leading zeros are dropped first, so a long run of them is not taken for a large number.
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > String(PRICE_MAX_MINOR).length) return { ok: false, message: text('validation.price_max', { max: MAX_WRITTEN }) };
  const minor = Number(digits) * MINOR_PER_MAJOR + Number(fraction.padEnd(2, '0'));
  if (sign === '-' && minor > 0) return { ok: false, message: text('validation.price_positive') };
  if (minor === 0) return { ok: false, message: text('validation.price_positive') };
  if (minor > PRICE_MAX_MINOR) return { ok: false, message: text('validation.price_max', { max: MAX_WRITTEN }) };
  return { ok: true, minor };
}

/** A currency as typed: any case, spaces around it. Null when it is not one of CURRENCIES. */
export function currencyOf(raw: string): Currency | null {
  const value = raw.trim().toUpperCase();
  return isCurrency(value) ? value : null;
}

export const unknownCurrency = (): ApiText => text('validation.price_currency', { currencies: CURRENCIES.join(', ') });

/** A stored price, or null unless both columns hold one (a hand edit could leave one without the other). */
export function storedPrice(minor: number | null, currency: string | null): { amount_minor: number; currency: Currency } | null {
  if (minor === null || currency === null || !isCurrency(currency)) return null;
  const amount = Number(minor);
  return Number.isInteger(amount) && amount >= 1 && amount <= PRICE_MAX_MINOR ? { amount_minor: amount, currency } : null;
}
