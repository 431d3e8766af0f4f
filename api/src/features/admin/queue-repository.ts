import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type AppealDecision, LINK_HISTORY_PER_ITEM, type LinkCheckEntry, type OpenAppeal, type QueueItem, type QueueQuery, type QueueReport } from '@linkhunt/contracts/moderation';
import type { LinkCheckReason, LinkVerdict } from '@linkhunt/contracts/link-health';
import type { Store } from '@linkhunt/contracts/limits';
import type { ReportReason } from '@linkhunt/contracts/product';
import type { Pagination } from '@linkhunt/contracts/common';
import type { UserRef } from '@linkhunt/contracts/user';
import type { Database, ReportStatus } from '../../db/schema.js';
import { countAll, nowIso, toIso } from '../../db/sql-helpers.js';
import { LINK_CHECKER_VISITOR } from '../link-health/check-repository.js';
import { loadProductSummaries } from '../products/product-repository.js';
import { paginationOf } from '../../db/paging.js';

type Db = Kysely<Database>;

/** Enough to judge a product; `open_reports` says how many there are in all. */
export const REPORTS_PER_ITEM = 20;

/** The later of two timestamps, either of which may be null (no greatest() on SQLite, no max(a, b) on PostgreSQL). */
const later = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
  sql<Date | string>`case when ${a} is null then ${b} when ${b} is null then ${a} when ${a} > ${b} then ${a} else ${b} end`;

/**
 * The products waiting for a moderator: those with open reports (of `reason`, when given) and, without a
 * reason filter, those with an open appeal. Illegal-content notices come first, then appeals, then the most
 * reported, then the latest.
 */
function queueQuery(db: Db, reason: ReportReason | undefined) {
  let reported = db.selectFrom('reports').select('product_id').where('status', '=', 'open');
  if (reason) reported = reported.where('reason', '=', reason);
  const candidates = reason ? reported : reported.union(db.selectFrom('appeals').select('product_id').where('status', '=', 'open'));

  const lastReport = sql`(select max(r.created_at) from reports r where r.product_id = queue.product_id and r.status = 'open')`;
  const appealAt = sql`(select max(a.created_at) from appeals a where a.product_id = queue.product_id and a.status = 'open')`;
  return db
    .selectFrom(candidates.as('queue'))
    .select((eb) => {
      const openReports = () => eb.selectFrom('reports').whereRef('reports.product_id', '=', 'queue.product_id').where('reports.status', '=', 'open');
      return [
        'queue.product_id',
        openReports().select(countAll().as('n')).as('open_reports'),
        eb.exists(openReports().select('reports.id').where('reports.reason', '=', 'illegal')).as('has_illegal'),
        sql<number>`case when ${appealAt} is null then 0 else 1 end`.as('has_appeal'),
        later(lastReport, appealAt).as('last_activity_at'),
      ];
    })
    .orderBy('has_illegal', 'desc')
    .orderBy('has_appeal', 'desc')
    .orderBy('open_reports', 'desc')
    .orderBy('last_activity_at', 'desc')
    .orderBy('queue.product_id', 'desc');
}

export async function pageOfQueue(db: Db, query: QueueQuery): Promise<{ data: QueueItem[]; pagination: Pagination }> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  const queue = queueQuery(db, query.reason);
  const [rows, counted] = await Promise.all([
    queue.limit(perPage).offset((page - 1) * perPage).execute(),
    db.selectFrom(queue.clearSelect().clearOrderBy().select('queue.product_id').as('all_items')).select(countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.total);
  const ids = rows.map((r) => r.product_id);
  if (ids.length === 0) return { data: [], pagination: paginationOf(total, 0, page, perPage) };

  const [products, uploaders, reasonCounts, reports, appeals, checks] = await Promise.all([
    loadProductSummaries(db, ids),
    db
      .selectFrom('products')
      .innerJoin('users', 'users.id', 'products.user_id')
      .select(['products.id as product_id', 'users.id', 'users.name', 'users.username', 'users.avatar', 'users.created_at'])
      .where('products.id', 'in', ids)
      .execute(),
    db
      .selectFrom('reports')
      .select(['product_id', 'reason', countAll().as('count')])
      .where('product_id', 'in', ids)
      .where('status', '=', 'open')
      .groupBy(['product_id', 'reason'])
      .execute(),
    db
      .selectFrom('reports')
      .leftJoin('users', 'users.id', 'reports.user_id')
      .select(['reports.product_id', 'reports.reason', 'reports.details', 'reports.contact_email', 'reports.created_at', 'reports.visitor', 'users.username'])
      .where('reports.product_id', 'in', ids)
      .where('reports.status', '=', 'open')
      .orderBy('reports.id', 'desc')
      .execute(),
    db
      .selectFrom('appeals')
      .innerJoin('moderation_decisions', 'moderation_decisions.id', 'appeals.decision_id')
      .select(['appeals.id', 'appeals.product_id', 'appeals.text', 'appeals.created_at', 'moderation_decisions.statement'])
      .where('appeals.product_id', 'in', ids)
      .where('appeals.status', '=', 'open')
      .orderBy('appeals.id', 'desc')
      .execute(),
    latestLinkChecks(db, ids),
  ]);

  const productById = new Map(products.map((p) => [p.id, p]));
  const uploaderById = new Map(
    uploaders.map(({ product_id, ...u }): [number, UserRef] => [product_id, { ...u, created_at: toIso(u.created_at) }]),
  );
  const countsById = group(reasonCounts, (r) => ({ reason: r.reason as ReportReason, count: Number(r.count) }));
  const reportsById = group(reports, (r): QueueReport => ({
    reason: r.reason as ReportReason,
    details: r.details,
    reporter: r.username ?? null,
    contact_email: r.contact_email,
    created_at: toIso(r.created_at),
    automated: r.visitor === LINK_CHECKER_VISITOR,
  }));
  const appealById = new Map<number, OpenAppeal>();
  for (const a of appeals) {
    if (!appealById.has(a.product_id)) appealById.set(a.product_id, { id: a.id, text: a.text, created_at: toIso(a.created_at), statement: a.statement ?? '' });
  }

  const data = rows.flatMap((row): QueueItem[] => {
    const product = productById.get(row.product_id);
    const uploader = uploaderById.get(row.product_id);
    if (!product || !uploader) return [];
    return [{
      product,
      uploader,
      open_reports: Number(row.open_reports ?? 0),
      reason_counts: (countsById.get(row.product_id) ?? []).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      reports: (reportsById.get(row.product_id) ?? []).slice(0, REPORTS_PER_ITEM),
      appeal: appealById.get(row.product_id) ?? null,
      link_history: checks.get(row.product_id) ?? [],
      last_activity_at: toIso(row.last_activity_at),
    }];
  });
  return { data, pagination: paginationOf(total, data.length, page, perPage) };
}

/** Each product's latest checks, newest first: one query, numbered per product. */
async function latestLinkChecks(db: Db, ids: readonly number[]): Promise<Map<number, LinkCheckEntry[]>> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('link_check_log')
        .select(['id', 'product_id', 'platform', 'url', 'result', 'reason', 'http_status', 'checked_at', sql<number>`row_number() over (partition by product_id order by id desc)`.as('n')])
        .where('product_id', 'in', ids)
        .as('numbered'),
    )
    .selectAll()
    .where('n', '<=', LINK_HISTORY_PER_ITEM)
    .orderBy('id', 'desc')
    .execute();
  return group(rows, (r): LinkCheckEntry => ({
    platform: r.platform as Store,
    url: r.url,
    result: r.result as LinkVerdict,
    reason: r.reason as LinkCheckReason,
    http_status: r.http_status,
    checked_at: toIso(r.checked_at),
  }));
}

/** Closes the product's open reports as acted on or dismissed; how many there were. */
export async function closeOpenReports(trx: Db, productId: number, status: ReportStatus): Promise<number> {
  const result = await trx.updateTable('reports').set({ status }).where('product_id', '=', productId).where('status', '=', 'open').executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the product has an open notice of illegal content. */
export async function hasOpenIllegalNotice(trx: Db, productId: number): Promise<boolean> {
  const row = await trx.selectFrom('reports').select('id').where('product_id', '=', productId).where('status', '=', 'open').where('reason', '=', 'illegal').executeTakeFirst();
  return row !== undefined;
}

export async function findAppeal(db: Db, id: number) {
  return db.selectFrom('appeals').select(['id', 'product_id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Decides the appeal if it is still open: conditional, so that of two moderators deciding at once only one does (true). */
export async function decideOpenAppeal(trx: Db, id: number, outcome: AppealDecision['outcome']): Promise<boolean> {
  const decided = await trx.updateTable('appeals').set({ status: outcome, decided_at: nowIso() }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  return Number(decided.numUpdatedRows) > 0;
}

/** Closes the product's open appeal as reversed: the product it asked to show again is visible. */
export async function reverseOpenAppeals(trx: Db, productId: number): Promise<void> {
  await trx.updateTable('appeals').set({ status: 'reversed', decided_at: nowIso() }).where('product_id', '=', productId).where('status', '=', 'open').execute();
}

function group<R extends { product_id: number }, T>(rows: readonly R[], map: (row: R) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.product_id) ?? [];
    list.push(map(row));
    out.set(row.product_id, list);
  }
  return out;
}
