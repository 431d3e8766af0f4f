import fp from 'fastify-plugin';
import type { ExchangeRates } from '@linkhunt/contracts/prices';
import { currentRates } from './rates-repository.js';
import { type RefreshOutcome, RatesRefresher } from './rates-refresher.js';

export interface ExchangeRatesService {
  /** The rates conversions use now: the last fetched, else the shipped ones. */
  current(): Promise<ExchangeRates>;
  /** Fetches now (outside the schedule); 'failed' also when fetching is off. */
  refresh(): Promise<RefreshOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    exchangeRates: ExchangeRatesService;
  }
}

/**
 * The reference rates beside the API (RATES_URL=off: never fetched, the stored or shipped rates serve). The
 * refresher starts once the app is ready, without holding up start or GET /ready, and stops before the database closes.
 */
export const exchangeRatesPlugin = fp(
  async (app) => {
    const { rates, siteUrl } = app.config;
    const refresher = rates.url === ''
      ? null
      : new RatesRefresher({
        db: app.db,
        config: rates,
        // Who asks, honestly: the ECB publishes these for anyone, and an operator can be told apart.
        userAgent: `Linkhunt exchange rates (+${siteUrl})`,
        log: app.log,
        // Not a request, so the read cache's write hook never sees it: GET /rates and the price-sorted lists are stale.
        onChange: () => app.readCache.invalidate({ listings: true }),
      });
    app.decorate('exchangeRates', {
      current: () => currentRates(app.db),
      refresh: async () => (refresher ? refresher.refresh() : 'failed'),
    } satisfies ExchangeRatesService);
    if (!refresher) return;
    app.addHook('onReady', async () => refresher.start());
    // preClose: before the database closes, whatever order the plugins' onClose hooks run in.
    app.addHook('preClose', async () => refresher.stop());
  },
  { name: 'exchange-rates', dependencies: ['config', 'database', 'read-cache'] },
);
