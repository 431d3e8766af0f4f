import { AppealDecision, HideRequest, ProductActionResponse, QueuePage, QueueQuery } from '@linkhunt/contracts/schemas/moderation';
import { IdParam, Message } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { notFound } from '../../http-errors.js';
import { sitePage } from '../../mail/site-page.js';
import type { Mail } from '../../plugins/mailer.js';
import { signedInUser } from '../../plugins/auth.js';
import { afterResponse } from '../../http/after-response.js';
import { loadProductSummaries } from '../products/product-repository.js';
import { appealUpheldMail, productHiddenMail, productVisibleMail, type Recipient } from '../moderation/mails/product-mails.js';
import { decideAppeal, dismissReports, hideProduct, type ProductOutcome, unhideProduct } from './product-actions.js';
import { pageOfQueue } from './queue-repository.js';
import { recipientOf } from '../../db/recipients.js';
import { bearer, guarded } from './route-docs.js';
import { statementOf } from './statement.js';
import { say } from '../../i18n/say.js';

const refused = { 404: Message, 409: Message };

/**
 * The reports queue and what a moderator does with a product: hide (with a statement of reasons), unhide, dismiss, decide an appeal.
 * Never on a product of one's own (product-actions.ts).
 */
export async function reportQueueRoutes(app: App): Promise<void> {
  const later = afterResponse(app);

  /** The product as lists now show it, and the uploader's mail once the decision is committed. */
  const answer = async (outcome: ProductOutcome, message: string, mail?: (to: Recipient, myProductsLink: string) => Mail) => {
    if (mail) {
      later('moderation mail', async () => {
        const to = await recipientOf(app.db, outcome.uploaderId);
        if (to) await app.mailer.send(mail(to, sitePage(app.config.siteUrl, to.language, 'auth/products')));
      });
    }
    const [product] = await loadProductSummaries(app.db, [outcome.productId]);
    if (!product) throw notFound('product.not_found');
    return { message, results: { data: product } };
  };

  app.get(
    '/admin/reports',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listModerationQueue',
        summary: 'The moderation queue: products with open reports or an open appeal, grouped per product',
        description: 'Illegal-content notices first, then open appeals, then the most reported, then the latest. `reason` keeps the products with open reports of that reason (appeals alone are left out).',
        querystring: QueueQuery,
        security: bearer,
        response: { 200: QueuePage, ...guarded },
      },
    },
    async (request) => {
      const { data, pagination } = await pageOfQueue(app.db, request.query);
      return { results: { data, meta: { pagination } } };
    },
  );

  app.post(
    '/admin/products/:id/hide',
    {
      schema: {
        tags: ['admin'],
        operationId: 'hideProduct',
        summary: 'Hide a product with a statement of reasons, which its uploader sees and receives by mail',
        description: 'Closes the open reports as acted on. 403 on one\'s own product (another moderator or an admin decides). 409 when a moderator\'s decision already hides it. '
          + '`illegal` (by default: the product has an open `illegal` notice) removes it for illegal content: its page, text, images, '
          + 'share card and reviews then answer 410 to everyone but its uploader and moderators; otherwise it is shown as unavailable (hidden = 1).',
        params: IdParam,
        body: HideRequest,
        security: bearer,
        response: { 200: ProductActionResponse, ...refused, ...guarded },
      },
    },
    async (request) => {
      const statement = statementOf(request.body.statement, 'statement');
      const outcome = await hideProduct(app.db, app.dialect, signedInUser(request), request.params.id, statement, request.body.illegal);
      return answer(outcome, say(request, 'moderation.product_hidden').message, (to, myProductsLink) => productHiddenMail(to, { title: outcome.title, statement, myProductsLink }));
    },
  );

  app.post(
    '/admin/products/:id/unhide',
    {
      schema: {
        tags: ['admin'],
        operationId: 'unhideProduct',
        summary: 'Make a hidden product visible again',
        description: 'An open appeal against its decision is closed as reversed. 403 on one\'s own product. 409 when the product is not hidden.',
        params: IdParam,
        security: bearer,
        response: { 200: ProductActionResponse, ...refused, ...guarded },
      },
    },
    async (request) => {
      const outcome = await unhideProduct(app.db, app.dialect, signedInUser(request), request.params.id);
      const mail = outcome.wasModerated
        ? (to: Recipient, myProductsLink: string) => productVisibleMail(to, { title: outcome.title, statement: null, myProductsLink, reversed: false })
        : undefined;
      return answer(outcome, say(request, 'moderation.product_visible').message, mail);
    },
  );

  app.post(
    '/admin/products/:id/dismiss',
    {
      schema: {
        tags: ['admin'],
        operationId: 'dismissProductReports',
        summary: 'Close the open reports of a product without acting on it',
        description: '403 on one\'s own product. 409 when it has no open reports.',
        params: IdParam,
        security: bearer,
        response: { 200: ProductActionResponse, ...refused, ...guarded },
      },
    },
    async (request) => answer(await dismissReports(app.db, app.dialect, signedInUser(request), request.params.id), say(request, 'moderation.reports_dismissed').message),
  );

  app.post(
    '/admin/appeals/:id/decide',
    {
      schema: {
        tags: ['admin'],
        operationId: 'decideAppeal',
        summary: 'Decide an appeal: reversed makes the product visible again, upheld keeps it hidden',
        description: 'The uploader receives the outcome and the statement by mail. 403 for the appeal on one\'s own product, admins included. 409 when the appeal was already decided.',
        params: IdParam,
        body: AppealDecision,
        security: bearer,
        response: { 200: ProductActionResponse, ...refused, ...guarded },
      },
    },
    async (request) => {
      const statement = statementOf(request.body.statement, 'statement');
      const { outcome } = request.body;
      const decided = await decideAppeal(app.db, app.dialect, signedInUser(request), request.params.id, { outcome, statement });
      const decidedMail = { title: decided.title, statement };
      return outcome === 'reversed'
        ? answer(decided, say(request, 'moderation.appeal_accepted').message, (to, myProductsLink) => productVisibleMail(to, { ...decidedMail, myProductsLink, reversed: true }))
        : answer(decided, say(request, 'moderation.appeal_rejected').message, (to, myProductsLink) => appealUpheldMail(to, { ...decidedMail, myProductsLink }));
    },
  );
}
