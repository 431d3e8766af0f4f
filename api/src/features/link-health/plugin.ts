import fp from 'fastify-plugin';
import type { Dispatcher } from 'undici';
import { sitePage } from '../../mail/site-page.js';
import { recipientOf } from '../../db/recipients.js';
import { LinkChecker } from './link-checker.js';
import { syncLinkRows } from './link-repository.js';
import { linkGoneMail, linkRestoredMail } from './mails.js';

export interface LinkHealth {
  /** A broken-link report: the product's links are checked within seconds instead of at their time of the round. */
  checkSoon(productId: number): Promise<void>;
  /** A product's links were written (due at once): the checker looks now rather than at its next poll. */
  linksWritten(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    linkHealth: LinkHealth;
  }
}

/**
 * The link checker beside the API (LINK_CHECK=off leaves it out). On start every instance gives links
 * that have no schedule yet their own; the loop starts once the app is ready and stops before the
 * database closes.
 */
export const linkHealthPlugin = fp<{ dispatcher?: Dispatcher }>(
  async (app, options) => {
    const { linkCheck, links, siteUrl } = app.config;
    if (!linkCheck.enabled) {
      app.decorate('linkHealth', { checkSoon: async () => undefined, linksWritten: () => undefined });
      return;
    }
    const checker = new LinkChecker({
      db: app.db,
      dialect: app.dialect,
      config: linkCheck,
      allowlists: links,
      log: app.log,
      dispatcher: options.dispatcher,
      async onProductChange(change) {
        // Not a request, so the read cache's write hook never sees it: the product's page, its uploader's and every
        // list that showed (or now shows) it are stale.
        app.readCache.invalidate({ product: change.productId, user: change.uploaderId, listings: true });
        const to = await recipientOf(app.db, change.uploaderId);
        if (!to) return;
        const myProducts = sitePage(siteUrl, to.language, 'auth/products');
        await app.mailer.send(
          change.kind === 'hidden'
            ? linkGoneMail(to, change.title, Math.round((linkCheck.confirmMs / 3_600_000) * 10) / 10, myProducts)
            : linkRestoredMail(to, change.title, myProducts),
        );
      },
    });
    app.decorate('linkHealth', { checkSoon: (productId: number) => checker.checkSoon(productId), linksWritten: () => checker.wake() });
    app.addHook('onReady', async () => {
      const written = await syncLinkRows(app.db, linkCheck.intervalMs);
      if (written > 0) app.log.info({ links: written }, 'link checker: scheduled links that had no schedule');
      checker.start();
    });
    // preClose: before the database closes, whatever order the plugins' onClose hooks run in.
    app.addHook('preClose', async () => checker.stop());
  },
  { name: 'link-health', dependencies: ['config', 'database', 'mailer', 'read-cache'] },
);
