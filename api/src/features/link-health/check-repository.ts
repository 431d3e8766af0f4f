import type { Kysely } from 'kysely';
import { LINK_CHECKER_ACTOR } from '@linkhunt/contracts/moderation';
import type { LinkCheckConfig } from '../../config.js';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../db/sql-helpers.js';
import { appendAudit } from '../moderation/audit-repository.js';
import { latestDecisions, recordDecision } from '../moderation/decision-repository.js';
import { findProduct } from '../../db/product-lookup.js';
import type { LinkCheckOutcome } from './check-link.js';
import { type Claim, holdHost } from './claim-repository.js';
import { nextCheckAt } from './schedule.js';
import { text } from '../../i18n/api-text.js';
import { translator } from '../../i18n/translator.js';

type Db = Kysely<Database>;

/** The statement of reasons the uploader reads (the site shows it translated). */
/** The statement stored with the checker's decision (and in the audit log), in English; its owner reads it in their language. */
export const LINK_GONE_STATEMENT = translator('en')(text('moderation.link_gone'));

/** `reports.visitor` of the report the checker files when it hides a product; visitor keys are hashes, never this. */
export const LINK_CHECKER_VISITOR = 'link-checker';

/** What a check did to its product, for the uploader's mail once it is committed. */
export interface ProductChange {
  kind: 'hidden' | 'restored';
  productId: number;
  title: string;
  uploaderId: number;
}

const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/**
 * Records one check of a claimed link, and what follows for its product, in one transaction. Nothing is
 * recorded when the lease was lost (it ran out and another instance took the link, or the link was edited
 * meanwhile): that check is somebody else's now, or of an address no longer used.
 * Returns null then, else the product's change (null when none).
 */
export async function recordCheck(
  db: Db,
  dialect: DialectName,
  config: LinkCheckConfig,
  owner: string,
  claim: Claim,
  outcome: LinkCheckOutcome,
  /** settled: the product is visible and the link works, so nothing can follow for the product. */
  { settled = false, now = Date.now() }: { settled?: boolean; now?: number } = {},
): Promise<{ change: ProductChange | null } | null> {
  return db.transaction().execute(async (trx) => {
    const rowQuery = trx
      .selectFrom('link_checks')
      .select(['gone_since', 'gone_count', 'unknown_count'])
      .where('product_id', '=', claim.productId)
      .where('platform', '=', claim.platform)
      .where('lease_owner', '=', owner)
      .where('url', '=', claim.url);
    const row = await (dialect === 'postgres' ? rowQuery.forUpdate() : rowQuery).executeTakeFirst();
    if (!row) return null;

    const gone = outcome.result === 'gone';
    const judged = outcome.result !== 'unknown';
    const goneSince = gone ? (ms(row.gone_since) ?? now) : null;
    const progress = {
      productId: claim.productId,
      platform: claim.platform,
      goneCount: gone ? row.gone_count + 1 : 0,
      goneSince,
      unknownCount: judged ? 0 : row.unknown_count + 1,
    };
    const next = nextCheckAt(config, now, outcome.result, progress, outcome.retryAfterMs);
    await trx
      .updateTable('link_checks')
      .set({
        ...(judged
          ? { verdict: outcome.result === 'ok' ? 'ok' : 'gone', verdict_at: toIso(now), gone_count: progress.goneCount, gone_since: goneSince === null ? null : toIso(goneSince) }
          : {}),
        unknown_count: progress.unknownCount,
        last_checked_at: toIso(now),
        next_check_at: toIso(next),
        lease_owner: null,
        lease_until: null,
      })
      .where('product_id', '=', claim.productId)
      .where('platform', '=', claim.platform)
      .execute();
    await trx
      .insertInto('link_check_log')
      .values({
        product_id: claim.productId,
        platform: claim.platform,
        url: claim.url,
        result: outcome.result,
        reason: outcome.reason,
        http_status: outcome.httpStatus,
        checked_at: toIso(now),
      })
      .execute();
    if (outcome.retryAfterMs !== null) await holdHost(trx, claim.host, now + outcome.retryAfterMs);
    return { change: judged && !settled ? await followVerdict(trx, dialect, config, claim.productId, now) : null };
  });
}

/**
 * Hides a visible product whose every link is confirmed gone (two `gone` verdicts in a row, at least
 * `confirmMs` apart), and brings back one the checker hid as soon as a link works. Never touches a product
 * hidden otherwise (a moderator's decision, a suspension), nor one a moderator made visible again after its
 * links went dark (the moderator has seen it working), nor the products of a suspended account.
 */
async function followVerdict(trx: Db, dialect: DialectName, config: LinkCheckConfig, productId: number, now: number): Promise<ProductChange | null> {
  const product = await findProduct(trx, productId, ['title', 'hidden', 'user_id'], { lockIn: dialect });
  if (!product) return null;
  const [links, decisions, uploader] = await Promise.all([
    trx.selectFrom('link_checks').select(['platform', 'verdict', 'verdict_at', 'gone_since', 'gone_count']).where('product_id', '=', productId).execute(),
    latestDecisions(trx, [productId]),
    trx.selectFrom('users').select('suspended_at').where('id', '=', product.user_id).executeTakeFirst(),
  ]);
  if (!uploader || uploader.suspended_at !== null || links.length === 0) return null;
  const latest = decisions.get(productId);
  const target = { type: 'product', id: productId, label: product.title } as const;
  const change = (kind: ProductChange['kind']): ProductChange => ({ kind, productId, title: product.title, uploaderId: product.user_id });

  if (product.hidden === 0) {
    const confirmedGone = links.every((l) => {
      const since = ms(l.gone_since);
      const at = ms(l.verdict_at);
      return l.verdict === 'gone' && l.gone_count >= 2 && since !== null && at !== null && at - since >= config.confirmMs;
    });
    if (!confirmedGone) return null;
    const wentDark = Math.min(...links.map((l) => ms(l.gone_since) ?? now));
    if (latest?.action === 'unhide' && Date.parse(latest.created_at) > wentDark) return null;
    const summary = links.map((l) => `${l.platform}: gone ${l.gone_count} times in a row since ${toIso(l.gone_since ?? now)}`).join('; ');
    await trx.updateTable('products').set({ hidden: 1 }).where('id', '=', productId).execute();
    await recordDecision(trx, [productId], null, 'link_hide', LINK_GONE_STATEMENT);
    await fileCheckerReport(trx, productId, summary, now);
    await appendAudit(trx, LINK_CHECKER_ACTOR, 'product.auto_hide', target, `${LINK_GONE_STATEMENT} ${summary}`);
    return change('hidden');
  }
  if (latest?.action === 'link_hide' && links.some((l) => l.verdict === 'ok')) {
    await trx.updateTable('products').set({ hidden: 0 }).where('id', '=', productId).execute();
    await recordDecision(trx, [productId], null, 'link_restore', null);
    await trx
      .updateTable('reports')
      .set({ status: 'dismissed' })
      .where('product_id', '=', productId)
      .where('visitor', '=', LINK_CHECKER_VISITOR)
      .where('status', '=', 'open')
      .execute();
    const working = links.filter((l) => l.verdict === 'ok').map((l) => l.platform).join(', ');
    await appendAudit(trx, LINK_CHECKER_ACTOR, 'product.auto_restore', target, `A link works again: ${working}.`);
    return change('restored');
  }
  return null;
}

/** Puts the hide in front of moderators: the checker's own report, opened again if it filed one before. */
async function fileCheckerReport(trx: Db, productId: number, details: string, now: number): Promise<void> {
  const values = { reason: 'broken_link', details, status: 'open' as const, created_at: toIso(now) };
  await trx
    .insertInto('reports')
    .values({ product_id: productId, visitor: LINK_CHECKER_VISITOR, user_id: null, contact_email: null, good_faith: 0, ...values })
    .onConflict((oc) => oc.columns(['product_id', 'visitor']).doUpdateSet(values))
    .execute();
}
