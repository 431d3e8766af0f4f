import { describe, expect, it } from 'vitest';
import { convertMinor, PRICE_MAX_MINOR, type RateTable } from '@linkhunt/contracts/prices';
import { currencyOf, parseAmount, storedPrice } from './price-input.js';

describe('a typed price amount', () => {
  it.each([
    ['12.40', 1240], ['12,40', 1240], ['12', 1200], [' 12.4 ', 1240], ['0.01', 1], ['0,5', 50], ['007.10', 710],
    ['999999.99', PRICE_MAX_MINOR], ['19.99', 1999], ['1.10', 110], ['4.35', 435],
  ])('reads "%s" as %i minor units, digit by digit', (typed, minor) => {
    expect(parseAmount(typed)).toEqual({ ok: true, minor });
  });

  it('never goes through a float: amounts a float multiplication gets wrong come out exact', () => {
    // 4.35 * 100 = 434.99999999999994, 1.1 * 100 = 110.00000000000001, 0.29 * 100 = 28.999999999999996.
    expect([parseAmount('4.35'), parseAmount('1.1'), parseAmount('0.29'), parseAmount('8.2')]).toEqual([
      { ok: true, minor: 435 }, { ok: true, minor: 110 }, { ok: true, minor: 29 }, { ok: true, minor: 820 },
    ]);
  });

  it.each([
    ['12.345', 'validation.price_decimals'],
    ['1,999', 'validation.price_decimals'],
    ['0', 'validation.price_positive'],
    ['0.00', 'validation.price_positive'],
    ['-5', 'validation.price_positive'],
    ['-0.01', 'validation.price_positive'],
    ['1000000', 'validation.price_max'],
    ['1000000.00', 'validation.price_max'],
    ['99999999999999999999', 'validation.price_max'],
    ['abc', 'validation.price_amount'],
    ['12.', 'validation.price_amount'],
    ['.5', 'validation.price_amount'],
    ['1 000', 'validation.price_amount'],
    ['1.234,50', 'validation.price_amount'],
    ['12€', 'validation.price_amount'],
    ['1e3', 'validation.price_amount'],
    ['NaN', 'validation.price_amount'],
    ['', 'validation.price_amount'],
  ])('refuses "%s" (%s)', (typed, code) => {
    const checked = parseAmount(typed);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message.code).toBe(code);
  });

  it('takes a currency in any case, and nothing else', () => {
    expect([currencyOf('eur'), currencyOf(' Usd '), currencyOf('CNY'), currencyOf('gbp')]).toEqual(['EUR', 'USD', 'CNY', 'GBP']);
    expect([currencyOf('JPY'), currencyOf('€'), currencyOf(''), currencyOf('EURO')]).toEqual([null, null, null, null]);
  });

  it('reads a stored price only when both columns hold one', () => {
    expect(storedPrice(1240, 'EUR')).toEqual({ amount_minor: 1240, currency: 'EUR' });
    expect([storedPrice(null, 'EUR'), storedPrice(1240, null), storedPrice(1240, 'JPY'), storedPrice(0, 'EUR')]).toEqual([null, null, null, null]);
  });
});

describe('convertMinor (contracts/prices)', () => {
  const rates: RateTable = { EUR: 1, USD: 1.1269, CNY: 7.5554, GBP: 0.8488 };

  it('gives an amount in its own currency back untouched', () => {
    for (const currency of ['EUR', 'USD', 'CNY', 'GBP'] as const) expect(convertMinor(12_345, currency, currency, rates)).toBe(12_345);
  });

  it('converts through the euro and rounds to whole minor units', () => {
    // 10.00 EUR = 11.269 USD → 11.27; 100.00 CNY = 13.2356... EUR → 13.24; 100.00 CNY in USD = 14.9151... → 14.92.
    expect(convertMinor(1000, 'EUR', 'USD', rates)).toBe(1127);
    expect(convertMinor(10_000, 'CNY', 'EUR', rates)).toBe(1324);
    expect(convertMinor(10_000, 'CNY', 'USD', rates)).toBe(1492);
    expect(convertMinor(1000, 'GBP', 'EUR', rates)).toBe(1178);
    expect(Number.isInteger(convertMinor(1, 'CNY', 'GBP', rates))).toBe(true);
  });

  it('rounds half up', () => {
    const even: RateTable = { EUR: 1, USD: 2, CNY: 8, GBP: 0.5 };
    // 1 EUR cent is 0.5 GBP pence: half, up to 1; 5 CNY fen is 0.625 EUR cents: 1; 3 fen is 0.375: 0.
    expect(convertMinor(1, 'EUR', 'GBP', even)).toBe(1);
    expect(convertMinor(5, 'CNY', 'EUR', even)).toBe(1);
    expect(convertMinor(3, 'CNY', 'EUR', even)).toBe(0);
    expect(convertMinor(25, 'EUR', 'GBP', even)).toBe(13);
  });

  it('round-trips within a minor unit', () => {
    for (const amount of [1, 99, 1240, 99_999_999]) {
      const there = convertMinor(amount, 'CNY', 'USD', rates);
      expect(Math.abs(convertMinor(there, 'USD', 'CNY', rates) - amount)).toBeLessThanOrEqual(Math.ceil(rates.CNY / rates.USD));
    }
  });
});
