import { ReportRequest, ReportResponse } from '@linkhunt/contracts/product';
import { Message, ValidationError } from '@linkhunt/contracts/schema-helpers';
import type { App } from '../../app-types.js';
import { nowIso } from '../../db/sql-helpers.js';
import { notFound, productDeletedMeanwhile } from '../../http-errors.js';

/** Anyone may report a product (a broken or wrong link); admins read the reports under /admin. */
export async function reportRoutes(app: App): Promise<void> {
  app.post(
    '/products/report',
    {
      config: { rateLimit: app.config.rateLimits.report },
      schema: {
        tags: ['reports'],
        summary: 'Report a product',
        description: 'One report per visitor per product: a repeat answers 200 with already_reported true instead of an error.',
        body: ReportRequest,
        response: { 200: ReportResponse, 201: ReportResponse, 404: Message, 422: ValidationError, 429: Message },
      },
    },
    async (request, reply) => {
      const product = await app.db.selectFrom('products').select('id').where('id', '=', request.body.id).executeTakeFirst();
      if (!product) throw notFound('Product not found');
      const inserted = await app.db
        .insertInto('reports')
        .values({
          product_id: product.id,
          visitor: app.visitorKey(request),
          user_id: request.user?.id ?? null,
          reason: request.body.reason?.trim() || null,
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.columns(['product_id', 'visitor']).doNothing())
        .returning('id')
        .executeTakeFirst()
        .catch(productDeletedMeanwhile);
      if (!inserted) {
        return reply.status(200).send({ message: 'You already reported this product. Thank you, we are looking into it.', already_reported: true });
      }
      return reply.status(201).send({ message: 'Product reported', already_reported: false });
    },
  );
}
