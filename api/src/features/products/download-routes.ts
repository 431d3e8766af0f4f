import { DownloadResponse } from '@linkhunt/contracts/schemas/product';
import { IdParam, Message } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { findProductOr404 } from '../../db/product-lookup.js';
import { countDownload } from './download-repository.js';

/** The download count: raised when a visitor opens a store link, never by fetching the links. */
export async function productDownloadRoutes(app: App): Promise<void> {
  app.post(
    '/products/:id/downloads',
    {
      // The count shows on the product's page at once; lists show it within the cache's few seconds.
      config: { rateLimit: app.config.rateLimits.download, siteOriginOnly: true, readCacheWrites: 'targeted' },
      schema: {
        tags: ['products'],
        operationId: 'recordProductDownload',
        summary: 'The visitor opened one of the product\'s store links: one download per visitor per product per UTC day',
        description: 'Sent by the site when a store link is opened, and counted only with the site\'s Origin. A visitor is the account when '
          + 'signed in, else the address (an IPv6 /64). Answers the count after it, and whether this request raised it: false for a repeat '
          + 'that day, and for a hidden product, which earns nothing (its links are not handed out either).',
        params: IdParam,
        response: { 200: DownloadResponse, 404: Message, 429: Message },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const product = await findProductOr404(app.db, id, ['hidden', 'downloads']);
      // Each one must reach the server to be counted.
      reply.header('cache-control', 'no-store');
      if (product.hidden === 1) return { results: { data: { id, downloads: product.downloads, counted: false } } };
      const { downloads, counted } = await countDownload(app.db, id, app.visitorKey(request));
      if (counted) app.readCache.invalidate({ product: id });
      return { results: { data: { id, downloads, counted } } };
    },
  );
}
