import type { Kysely } from 'kysely';
import { BASE_CURRENCY, CURRENCIES, type ExchangeRates, type RateTable } from '@linkhunt/contracts/prices';
import type { Database } from '../../db/schema.js';
import { bumpListingVersion } from '../../db/listing-version.js';
import { toIso } from '../../db/sql-helpers.js';
import { SHIPPED_RATES } from './shipped-rates.js';

type Db = Kysely<Database>;

export interface StoredRates {
  date: string;
  fetchedAt: string;
  rates: RateTable;
}

/** The rates last fetched, or null when there is no complete set (never fetched; a row removed by hand). */
export async function readStoredRates(db: Db): Promise<StoredRates | null> {
  const rows = await db.selectFrom('exchange_rates').select(['currency', 'per_euro', 'rate_date', 'fetched_at']).execute();
  const byCurrency = new Map(rows.map((row) => [row.currency, row]));
  const rates = {} as RateTable;
  for (const currency of CURRENCIES) {
    const rate = Number(byCurrency.get(currency)?.per_euro);
    if (!(rate > 0) || !Number.isFinite(rate)) return null;
    rates[currency] = rate;
  }
  const base = byCurrency.get(BASE_CURRENCY);
  return base ? { date: base.rate_date, fetchedAt: toIso(base.fetched_at), rates } : null;
}

/** What prices are converted at now: the stored rates, else the ones the API ships with (`fetched_at` null). */
export async function currentRates(db: Db): Promise<ExchangeRates> {
  const stored = await readStoredRates(db);
  if (!stored) return { base: BASE_CURRENCY, date: SHIPPED_RATES.date, fetched_at: null, rates: { ...SHIPPED_RATES.rates } };
  return { base: BASE_CURRENCY, date: stored.date, fetched_at: stored.fetchedAt, rates: stored.rates };
}

/** The rate table alone, for the listing index (read inside its snapshot's transaction). */
export async function rateTable(db: Db): Promise<RateTable> {
  return (await readStoredRates(db))?.rates ?? { ...SHIPPED_RATES.rates };
}

export type RatesWrite = 'changed' | 'unchanged' | 'older';

/**
 * Keeps a fetched set of rates, in one transaction: every currency's row, and when the rates differ from those
 * stored (or the shipped ones, before any fetch), a bump of the listing index's version, so that every API
 * instance re-sorts prices at them. Several instances may write the same set: the rows end the same and only
 * `fetched_at` moves. A set older than the one stored (a stale copy served somewhere) is left out.
 */
export async function writeRates(db: Db, fetched: { date: string; rates: RateTable }, fetchedAt: string): Promise<RatesWrite> {
  return db.transaction().execute(async (trx) => {
    const stored = await readStoredRates(trx);
    if (stored && stored.date > fetched.date) return 'older';
    const before = stored?.rates ?? SHIPPED_RATES.rates;
    const changed = CURRENCIES.some((currency) => before[currency] !== fetched.rates[currency]);
    for (const currency of CURRENCIES) {
      const row = { currency, per_euro: fetched.rates[currency], rate_date: fetched.date, fetched_at: fetchedAt };
      await trx
        .insertInto('exchange_rates')
        .values(row)
        .onConflict((oc) => oc.column('currency').doUpdateSet({ per_euro: row.per_euro, rate_date: row.rate_date, fetched_at: row.fetched_at }))
        .execute();
    }
    if (changed) await bumpListingVersion(trx);
    return changed ? 'changed' : 'unchanged';
  });
}
