import { type Kysely, sql } from 'kysely';
import { AdminActionResponse, type ReportedProduct, ReportedProductPage } from '@linkhunt/contracts/admin';
import { IdParam, Message, PageQuery } from '@linkhunt/contracts/schema-helpers';
import type { App } from '../../app-types.js';
import type { Database, ReportStatus } from '../../db/schema.js';
import { countAll, toIso } from '../../db/sql-helpers.js';
import { notFound } from '../../http-errors.js';
import { loadProductSummaries, paginationOf } from '../products/product-repository.js';

const bearer = [{ bearer: [] }];
const guarded = { 401: Message, 403: Message };
/** Enough to judge a product; the count says how many more there are. */
const REASONS_PER_PRODUCT = 20;

/** Moderation: the reported products, and hiding, unhiding or dismissing them. Admins only. */
export async function adminRoutes(app: App): Promise<void> {
  // One guard for the whole plugin (it is encapsulated), so a route added here later cannot forget it.
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'Products with open reports, the most reported first',
        querystring: PageQuery,
        security: bearer,
        response: { 200: ReportedProductPage, ...guarded },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 20;
      const { data, total } = await reportedProducts(app.db, page, perPage);
      return { results: { data, meta: { pagination: paginationOf(total, data.length, page, perPage) } } };
    },
  );

  const action = (path: string, summary: string, run: (id: number) => Promise<void>, message: string) =>
    app.post(
      `/admin/products/:id/${path}`,
      {
        schema: { tags: ['admin'], summary, params: IdParam, security: bearer, response: { 200: AdminActionResponse, 404: Message, ...guarded } },
      },
      async (request) => {
        const id = request.params.id;
        const exists = await app.db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst();
        if (!exists) throw notFound('Product not found');
        await run(id);
        const [product] = await loadProductSummaries(app.db, [id]);
        if (!product) throw notFound('Product not found');
        return { message, results: { data: product } };
      },
    );

  action('hide', 'Hide a product (unavailable everywhere but its own page) and close its open reports', async (id) => {
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ hidden: 1 }).where('id', '=', id).execute();
      await closeOpenReports(trx, id, 'actioned');
    });
  }, 'Product hidden');

  action('unhide', 'Make a hidden product available again', async (id) => {
    await app.db.updateTable('products').set({ hidden: 0 }).where('id', '=', id).execute();
  }, 'Product visible again');

  action('dismiss', 'Close the open reports of a product without hiding it', async (id) => {
    await closeOpenReports(app.db, id, 'dismissed');
  }, 'Reports dismissed');
}

async function closeOpenReports(db: Kysely<Database>, productId: number, status: ReportStatus): Promise<void> {
  await db.updateTable('reports').set({ status }).where('product_id', '=', productId).where('status', '=', 'open').execute();
}

async function reportedProducts(db: Kysely<Database>, page: number, perPage: number): Promise<{ data: ReportedProduct[]; total: number }> {
  const open = db.selectFrom('reports').where('status', '=', 'open');
  const [groups, counted] = await Promise.all([
    open
      .select(['product_id', countAll().as('open_reports'), sql<Date | string>`max(created_at)`.as('last_reported_at')])
      .groupBy('product_id')
      .orderBy('open_reports', 'desc')
      .orderBy('last_reported_at', 'desc')
      .orderBy('product_id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    open.select(sql<number>`cast(count(distinct product_id) as integer)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  const ids = groups.map((g) => g.product_id);
  if (ids.length === 0) return { data: [], total: Number(counted.total) };
  const [products, reasons] = await Promise.all([
    loadProductSummaries(db, ids),
    open.select(['product_id', 'reason']).where('product_id', 'in', ids).where('reason', 'is not', null).orderBy('id', 'desc').execute(),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const reasonsById = new Map<number, string[]>();
  for (const { product_id, reason } of reasons) {
    const list = reasonsById.get(product_id) ?? [];
    if (reason && list.length < REASONS_PER_PRODUCT) list.push(reason);
    reasonsById.set(product_id, list);
  }
  const data = groups.flatMap((g) => {
    const product = byId.get(g.product_id);
    return product
      ? [{ product, open_reports: Number(g.open_reports), last_reported_at: toIso(g.last_reported_at), reasons: reasonsById.get(g.product_id) ?? [] }]
      : [];
  });
  return { data, total: Number(counted.total) };
}
