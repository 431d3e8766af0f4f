import type { Kysely } from 'kysely';
import type { ModerationNotice } from '@linkhunt/contracts/product';
import type { MailLanguage } from '@linkhunt/contracts/user';
import type { AppealStatus, Database } from '../../db/schema.js';
import { nowIso, toIso } from '../../db/sql-helpers.js';
import { text } from '../../i18n/api-text.js';
import { translator } from '../../i18n/translator.js';

type Db = Kysely<Database>;

/**
 * What a row of moderation_decisions did to its product's visibility. The latest row of a product tells
 * why it is as it is: `hide` (a moderator's statement of reasons, which the uploader may appeal once),
 * `suspend` (hidden with its uploader's account, made visible again by `restore`), `unhide`, or the link
 * checker's `link_hide` (every link gone; nobody to appeal to, the product comes back by itself with
 * `link_restore` once a link works).
 */
export type DecisionAction = 'hide' | 'unhide' | 'suspend' | 'restore' | 'link_hide' | 'link_restore';

export interface Decision {
  id: number;
  product_id: number;
  action: DecisionAction;
  statement: string | null;
  created_at: string;
}

export async function recordDecision(
  trx: Db,
  productIds: readonly number[],
  /** Null: the link checker decided. */
  moderatorId: number | null,
  action: DecisionAction,
  statement: string | null,
): Promise<number[]> {
  if (productIds.length === 0) return [];
  const createdAt = nowIso();
  const rows = await trx
    .insertInto('moderation_decisions')
    .values(productIds.map((product_id) => ({ product_id, moderator_id: moderatorId, action, statement, created_at: createdAt })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The latest decision of each product that has one. */
export async function latestDecisions(db: Db, productIds: readonly number[]): Promise<Map<number, Decision>> {
  const out = new Map<number, Decision>();
  if (productIds.length === 0) return out;
  const rows = await db
    .selectFrom('moderation_decisions')
    .select(['id', 'product_id', 'action', 'statement', 'created_at'])
    .where('product_id', 'in', productIds)
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    if (!out.has(row.product_id)) out.set(row.product_id, { ...row, action: row.action as DecisionAction, created_at: toIso(row.created_at) });
  }
  return out;
}

/** The decision that keeps a product hidden by a moderator (and may be appealed), or null. */
export async function hidingDecision(db: Db, product: { id: number; hidden: number }): Promise<Decision | null> {
  if (product.hidden !== 1) return null;
  const latest = (await latestDecisions(db, [product.id])).get(product.id);
  return latest?.action === 'hide' ? latest : null;
}

/**
 * What "My products" shows of each product that a moderator's or the link checker's decision hides: the
 * statement of reasons (the link checker's fixed one in `language`) and the owner's appeal against it, if any. Products
 * not in the map show no notice.
 */
export async function moderationNotices(db: Db, products: readonly { id: number; hidden: number }[], language: MailLanguage): Promise<Map<number, ModerationNotice>> {
  const hiddenIds = products.filter((p) => p.hidden === 1).map((p) => p.id);
  const decisions = [...(await latestDecisions(db, hiddenIds)).values()].filter((d) => d.action === 'hide' || d.action === 'link_hide');
  const out = new Map<number, ModerationNotice>();
  if (decisions.length === 0) return out;
  const appeals = await db
    .selectFrom('appeals')
    .select(['decision_id', 'status', 'created_at'])
    .where('decision_id', 'in', decisions.map((d) => d.id))
    .execute();
  const appealOf = new Map(appeals.map((a) => [a.decision_id, { status: a.status as AppealStatus, created_at: toIso(a.created_at) }]));
  const withdrawn = new Set(
    (await db.selectFrom('products').select('id').where('id', 'in', decisions.map((d) => d.product_id)).where('withdrawn', '=', 1).execute()).map((p) => p.id),
  );
  for (const d of decisions) {
    // The link checker's statement is a fixed text: the owner reads it in their language.
    const statement = d.action === 'link_hide' ? translator(language)(text('moderation.link_gone')) : (d.statement ?? '');
    const notice = { statement, hidden_at: d.created_at, appeal: appealOf.get(d.id) ?? null, automated: d.action === 'link_hide' };
    out.set(d.product_id, withdrawn.has(d.product_id) ? { ...notice, withdrawn: true } : notice);
  }
  return out;
}
