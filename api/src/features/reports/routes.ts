import { ReportRequest, ReportResponse } from '@linkhunt/contracts/schemas/product';
import { ILLEGAL_DETAILS_MIN_LENGTH } from '@linkhunt/contracts/product';
import { Message, ValidationError } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { findProductOr404 } from '../../db/product-lookup.js';
import { recipientOf } from '../../db/recipients.js';
import { productDeletedMeanwhile } from '../../http-errors.js';
import { sitePage } from '../../mail/site-page.js';
import { afterResponse } from '../../http/after-response.js';
import { hashedKey } from '../../http/limits/keys.js';
import { noticeReceivedMail } from './mails/notice-received-mail.js';
import { checkReport } from './notice-rules.js';
import { fileReport } from './report-repository.js';
import { preferredLanguage } from './reporter-language.js';
import { say } from '../../i18n/say.js';

/** Hashed, so a shared counter store holds no addresses in clear. */
const noticeAckKey = (address: string): string => hashedKey('notice-ack', address.toLowerCase());

/** Anyone may report a product (a broken or wrong link, or illegal content); moderators read the reports under /admin. */
export async function reportRoutes(app: App): Promise<void> {
  const later = afterResponse(app);

  app.post(
    '/products/report',
    {
      // Counted only from the site's own pages (plugins/origin-guard.ts): another page cannot file reports for its visitors.
      config: { rateLimit: app.config.rateLimits.report, siteOriginOnly: true },
      schema: {
        tags: ['reports'],
        operationId: 'reportProduct',
        summary: 'Report a product',
        description:
          'One report per visitor per product: a repeat answers 200 with already_reported true instead of an error. '
          + `\`reason\` defaults to broken_link. An \`illegal\` notice (EU DSA Art. 16) needs \`details\` (at least ${ILLEGAL_DETAILS_MIN_LENGTH} characters), `
          + '`good_faith: true` and, without a session, `contact_email`; it is acknowledged by mail (to that address, or the '
          + 'signed-in reporter\'s) in the reporter\'s language (the account\'s, else Accept-Language\'s), without quoting the notice; '
          + `one address receives at most ${app.config.mailLimits.noticeAcksPerAddress.max} acknowledgements a day, whoever reports (later notices are stored unacknowledged). An illegal notice `
          + 'from a visitor who reported the product for another reason before replaces that report. A `broken_link` report '
          + 'has the link checker check the product\'s links within a minute.',
        body: ReportRequest,
        response: { 200: ReportResponse, 201: ReportResponse, 404: Message, 422: ValidationError, 429: Message },
      },
    },
    async (request, reply) => {
      const report = checkReport(request.body, request.user !== null);
      const product = await findProductOr404(app.db, request.body.id, ['id', 'title', 'slug']);
      const inserted = await fileReport(app.db, { ...report, productId: product.id, visitor: app.visitorKey(request), userId: request.user?.id ?? null })
        .catch(productDeletedMeanwhile);
      if (inserted === undefined) {
        return reply.status(200).send({ ...say(request, 'report.already_reported'), already_reported: true });
      }
      // A visitor says the link is broken: the checker looks now rather than at the link's time of the round.
      if (report.reason === 'broken_link') await app.linkHealth.checkSoon(product.id);
      if (report.reason === 'illegal') {
        const reporter = request.user ? await recipientOf(app.db, request.user.id) : undefined;
        const to = reporter?.email ?? report.contactEmail;
        const language = reporter?.language ?? preferredLanguage(request.headers['accept-language']);
        // Counted per recipient whoever reports, since anyone may type any address: past the cap the notice
        // is stored and answered as usual, only the acknowledgement is left out.
        const acknowledged = to ? await app.counters.hit(noticeAckKey(to), app.config.mailLimits.noticeAcksPerAddress) : null;
        if (to && acknowledged && acknowledged.count <= app.config.mailLimits.noticeAcksPerAddress.max) {
          const productLink = sitePage(app.config.siteUrl, language, `product/${product.slug}`);
          later('notice acknowledgement', () =>
            app.mailer.send(noticeReceivedMail(to, language, { name: reporter?.name ?? null, title: product.title, productLink })),
          );
        }
      }
      return reply.status(201).send({ ...say(request, 'report.reported'), already_reported: false });
    },
  );
}
