import { AppealRequest, AppealResponse } from '@linkhunt/contracts/schemas/moderation';
import { APPEAL_MIN_LENGTH } from '@linkhunt/contracts/moderation';
import { IdParam, Message } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { findProductOr404 } from '../../db/product-lookup.js';
import { isUniqueViolation, nowIso } from '../../db/sql-helpers.js';
import { fieldError, forbidden, HttpError } from '../../http-errors.js';
import { signedInUser } from '../../plugins/auth.js';
import { hidingDecision } from '../moderation/decision-repository.js';
import { text as apiText } from '../../i18n/api-text.js';
import { say } from '../../i18n/say.js';
import { hasAppeal, insertAppeal } from './appeal-repository.js';

const ALREADY_APPEALED = 'appeal.already_appealed';

/** The uploader's one appeal against a moderator's decision to hide their product (EU DSA Art. 20): it goes back to the queue. */
export async function appealRoutes(app: App): Promise<void> {
  app.post(
    '/products/:id/appeal',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['appeals'],
        operationId: 'createAppeal',
        summary: 'Appeal the decision that hides one\'s own product, once per decision',
        description:
          'Only the product\'s uploader (403 for anyone else), only while a moderator\'s decision hides it (409 otherwise), '
          + 'and once per decision (409 for a second). The product goes back to the moderation queue with the appeal.',
        params: IdParam,
        body: AppealRequest,
        security: [{ bearer: [] }],
        response: { 201: AppealResponse, 401: Message, 403: Message, 404: Message, 409: Message },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const text = request.body.text.trim();
      if (text.length < APPEAL_MIN_LENGTH) throw fieldError('text', apiText('validation.min_length', { field: 'text', count: APPEAL_MIN_LENGTH }));
      const notice = await app.db
        .transaction()
        .execute(async (trx) => {
          const product = await findProductOr404(trx, request.params.id, ['id', 'hidden', 'user_id'], { lockIn: app.dialect });
          if (product.user_id !== user.id) throw forbidden('appeal.uploader_only');
          const decision = await hidingDecision(trx, product);
          if (!decision) throw new HttpError(409, 'appeal.not_hidden_by_moderator');
          if (await hasAppeal(trx, decision.id)) throw new HttpError(409, ALREADY_APPEALED);
          const createdAt = nowIso();
          await insertAppeal(trx, { decisionId: decision.id, productId: product.id, userId: user.id, text, createdAt });
          return { statement: decision.statement ?? '', hidden_at: decision.created_at, appeal: { status: 'open' as const, created_at: createdAt }, automated: false };
        })
        .catch((error: unknown) => {
          // Two appeals sent at once: the unique decision_id lets one in.
          throw isUniqueViolation(error) ? new HttpError(409, ALREADY_APPEALED) : error;
        });
      return reply.status(201).send({ ...say(request, 'appeal.sent'), results: { data: notice } });
    },
  );
}
