import type { RateTable } from '@linkhunt/contracts/prices';

/**
 * The ECB's euro reference rates of one day, shipped with the API: what prices are converted at until the
 * first fetch succeeds (or for good, with RATES_URL=off). Units of each currency per euro.
 */
export const SHIPPED_RATES: { date: string; rates: RateTable } = {
  date: '2026-10-06',
  rates: { EUR: 1, USD: 1.1269, CNY: 7.5554, GBP: 0.8488 },
};
