import { BASE_CURRENCY, CURRENCIES, type RateTable } from '@linkhunt/contracts/prices';

export type ParsedRates = { ok: true; date: string; rates: RateTable } | { ok: false; reason: string };

/** One element's attributes, either quote; XML allows spaces around `=`. */
function attributesOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [, name, , value] of text.matchAll(/([\w:.-]+)\s*=\s*(['"])(.*?)\2/g)) out.set(name as string, value as string);
  return out;
}

const DECIMAL = /^\d{1,9}(\.\d{1,12})?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The ECB's daily reference rates document (eurofxref-daily.xml): one `<Cube time='YYYY-MM-DD'>` holding a
 * `<Cube currency='USD' rate='1.0850'/>` per currency, in units per euro. Read with a few patterns rather than an
 * XML library: the document is small and fixed in form, and anything unlike it is refused rather than guessed at.
 * Refused: no day, more than one day (a history file), a rate that is not a plain positive decimal, one currency
 * given twice, or any of CURRENCIES missing (EUR, the base, is 1 and never listed).
 */
export function parseEcbDaily(document: string): ParsedRates {
  // Comments could hold elements that are not there.
  const body = document.replace(/<!--[\s\S]*?-->/g, '');
  if (!/<(?:[\w-]+:)?Envelope\b/.test(body)) return { ok: false, reason: 'not an ECB rates document' };
  const days: string[] = [];
  const rates = new Map<string, number>();
  for (const [, attributeText] of body.matchAll(/<Cube\b([^>]*)>/g)) {
    const attributes = attributesOf(attributeText as string);
    const time = attributes.get('time');
    if (time !== undefined) {
      if (!isDay(time)) return { ok: false, reason: `bad day "${time.slice(0, 20)}"` };
      days.push(time);
    }
    const currency = attributes.get('currency');
    const rate = attributes.get('rate');
    if (currency === undefined && rate === undefined) continue;
    if (currency === undefined || rate === undefined) return { ok: false, reason: 'a rate without its currency, or the reverse' };
    const value = Number(rate);
    if (!DECIMAL.test(rate) || !Number.isFinite(value) || value <= 0) return { ok: false, reason: `bad rate for ${currency.slice(0, 10)}` };
    if (rates.has(currency)) return { ok: false, reason: `${currency.slice(0, 10)} given twice` };
    rates.set(currency, value);
  }
  if (days.length !== 1) return { ok: false, reason: days.length === 0 ? 'no day' : 'more than one day' };
  rates.set(BASE_CURRENCY, 1);
  const missing = CURRENCIES.filter((currency) => !rates.has(currency));
  if (missing.length > 0) return { ok: false, reason: `no rate for ${missing.join(', ')}` };
  const table = Object.fromEntries(CURRENCIES.map((currency) => [currency, rates.get(currency) as number])) as RateTable;
  return { ok: true, date: days[0] as string, rates: table };
}
