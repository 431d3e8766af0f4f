import '../server-only.js';
import Type from 'typebox';
import { CURRENCIES, type Currency, PRICE_MAX_MINOR } from '../prices.js';

// Unsafe names the static type: a union built from a mapped array would be typed `never`.
export const CurrencySchema = Type.Unsafe<Currency>(Type.Union(CURRENCIES.map((currency) => Type.Literal(currency))));

/** A product's price as entered: whole minor units (cents, fen, pence) of its currency. */
export const Price = Type.Object({
  amount_minor: Type.Integer({ minimum: 1, maximum: PRICE_MAX_MINOR }),
  currency: CurrencySchema,
});
export type Price = Type.Static<typeof Price>;

/**
 * GET /rates: the reference rates conversions use, units of each currency per euro. `date` is the day the source
 * set them; `fetched_at` when this site last got them from the source, null while it serves the rates it ships with.
 */
export const ExchangeRates = Type.Object({
  base: Type.Literal('EUR'),
  date: Type.String(),
  fetched_at: Type.Union([Type.String(), Type.Null()]),
  rates: Type.Object({ EUR: Type.Number(), USD: Type.Number(), CNY: Type.Number(), GBP: Type.Number() }),
});
export type ExchangeRates = Type.Static<typeof ExchangeRates>;

export const RatesResponse = Type.Object({ results: Type.Object({ data: ExchangeRates }) });
export type RatesResponse = Type.Static<typeof RatesResponse>;
