import type { Kysely } from 'kysely';
import type { AppealDecision } from '@linkhunt/contracts/moderation';
import type { DialectName } from '../../db/connect.js';
import { findProductOr404 } from '../../db/product-lookup.js';
import type { Database } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http-errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { appendAudit } from '../moderation/audit-repository.js';
import { hidingDecision, recordDecision } from '../moderation/decision-repository.js';
import { setVisibility } from './product-visibility-repository.js';
import { closeOpenReports, decideOpenAppeal, findAppeal, hasOpenIllegalNotice, reverseOpenAppeals } from './queue-repository.js';

type Db = Kysely<Database>;

/** What a decision on a product did, for the answer and the uploader's mail (sent once it is committed). */
export interface ProductOutcome {
  productId: number;
  title: string;
  uploaderId: number;
}

/**
 * The product's locked row, for a decision by `actor`, who must not be its uploader: nobody judges their own
 * cause (a moderator unhid their own product after an admin hid it, and decided their own appeal). Admins
 * neither: another moderator or an admin decides. Checked inside the transaction, on the locked row.
 */
async function productToDecide(trx: Db, dialect: DialectName, actor: AuthUser, id: number) {
  const product = await findProductOr404(trx, id, ['id', 'title', 'hidden', 'user_id'], { lockIn: dialect });
  if (product.user_id === actor.id) throw forbidden('moderation.own_product');
  return product;
}

/**
 * Hides a product with a statement of reasons (DSA Art. 17), which its uploader reads and may appeal once,
 * and closes its open reports as acted on. A product already hidden by a moderator's decision is refused:
 * its decision stands until it is reversed or the product unhidden. `illegal` (by default: it has an open
 * illegal-content notice) removes it: withdrawn from everyone but its uploader and moderators, not merely
 * shown as unavailable.
 */
export async function hideProduct(db: Db, dialect: DialectName, actor: AuthUser, id: number, statement: string, illegal?: boolean): Promise<ProductOutcome> {
  return db.transaction().execute(async (trx) => {
    const product = await productToDecide(trx, dialect, actor, id);
    if (await hidingDecision(trx, product)) throw conflict('moderation.already_hidden');
    // An open notice of illegal content: the hide removes the product unless the moderator says otherwise.
    const withdrawn = illegal ?? (await hasOpenIllegalNotice(trx, id));
    await setVisibility(trx, [id], { hidden: 1, withdrawn: withdrawn ? 1 : 0 });
    await recordDecision(trx, [id], actor.id, 'hide', statement);
    await closeOpenReports(trx, id, 'actioned');
    await appendAudit(trx, actor, 'product.hide', { type: 'product', id, label: product.title }, statement);
    return { productId: id, title: product.title, uploaderId: product.user_id };
  });
}

/**
 * Makes a hidden product visible again, however it was hidden. An appeal still open against its decision
 * has got what it asked for, so it is closed as reversed. `wasModerated`: it was hidden by a statement of
 * reasons, so the uploader is told.
 */
export async function unhideProduct(db: Db, dialect: DialectName, actor: AuthUser, id: number): Promise<ProductOutcome & { wasModerated: boolean }> {
  return db.transaction().execute(async (trx) => {
    const product = await productToDecide(trx, dialect, actor, id);
    if (product.hidden !== 1) throw conflict('moderation.not_hidden');
    const decision = await hidingDecision(trx, product);
    await setVisibility(trx, [id], { hidden: 0, withdrawn: 0 });
    await recordDecision(trx, [id], actor.id, 'unhide', null);
    await reverseOpenAppeals(trx, id);
    await appendAudit(trx, actor, 'product.unhide', { type: 'product', id, label: product.title });
    return { productId: id, title: product.title, uploaderId: product.user_id, wasModerated: decision !== null };
  });
}

/** Closes a product's open reports without acting on the product. */
export async function dismissReports(db: Db, dialect: DialectName, actor: AuthUser, id: number): Promise<ProductOutcome> {
  return db.transaction().execute(async (trx) => {
    const product = await productToDecide(trx, dialect, actor, id);
    const closed = await closeOpenReports(trx, id, 'dismissed');
    if (closed === 0) throw conflict('moderation.no_open_reports');
    await appendAudit(trx, actor, 'reports.dismiss', { type: 'product', id, label: product.title }, null);
    return { productId: id, title: product.title, uploaderId: product.user_id };
  });
}

/**
 * Decides an open appeal: `reversed` makes the product visible again (a decision that carries the
 * moderator's statement), `upheld` leaves it hidden. Either way the appeal is closed for good.
 */
export async function decideAppeal(db: Db, dialect: DialectName, actor: AuthUser, appealId: number, decision: AppealDecision): Promise<ProductOutcome> {
  return db.transaction().execute(async (trx) => {
    const appeal = await findAppeal(trx, appealId);
    if (!appeal) throw notFound('moderation.appeal_not_found');
    const product = await productToDecide(trx, dialect, actor, appeal.product_id);
    if (!(await decideOpenAppeal(trx, appealId, decision.outcome))) throw conflict('moderation.appeal_decided');
    const target = { type: 'product', id: product.id, label: product.title } as const;
    if (decision.outcome === 'reversed') {
      await setVisibility(trx, [product.id], { hidden: 0, withdrawn: 0 });
      await recordDecision(trx, [product.id], actor.id, 'unhide', decision.statement);
      await appendAudit(trx, actor, 'appeal.reverse', target, decision.statement);
    } else {
      await appendAudit(trx, actor, 'appeal.uphold', target, decision.statement);
    }
    return { productId: product.id, title: product.title, uploaderId: product.user_id };
  });
}
