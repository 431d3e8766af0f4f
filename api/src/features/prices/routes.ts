import { RatesResponse } from '@linkhunt/contracts/schemas/prices';
import type { App } from '../../app-types.js';

/** The rates are set once a working day; a browser or CDN may keep an answer this long. */
const RATES_CACHE_CONTROL = 'public, max-age=900';

/** GET /rates: what clients convert prices at, the same rates GET /products compares them at. */
export async function priceRoutes(app: App): Promise<void> {
  app.get(
    '/rates',
    {
      config: { readCache: true },
      // On every answer, read-cache hits included (they never reach the handler); the same for everyone, signed in or not.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) void reply.header('cache-control', RATES_CACHE_CONTROL);
        return payload;
      },
      schema: {
        tags: ['prices'],
        operationId: 'getExchangeRates',
        summary: 'The reference exchange rates prices are converted at: units of each currency per euro',
        description: 'The euro reference rates of the European Central Bank, fetched at start and every few hours (RATES_URL, RATES_REFRESH_HOURS). '
          + '`date` is the day the ECB set them; `fetched_at` when this site last got them, null while it serves the rates it ships with '
          + '(none fetched yet, or fetching turned off). A failed fetch keeps the last good rates. '
          + 'Convert with contracts/prices convertMinor: minor units × rate of the target ÷ rate of the source, rounded half up. '
          + `Public; \`Cache-Control: ${RATES_CACHE_CONTROL}\`.`,
        response: { 200: RatesResponse },
      },
    },
    async () => ({ results: { data: await app.exchangeRates.current() } }),
  );
}
