import type { Kysely } from 'kysely';
import type { RoleRequest } from '@linkhunt/contracts/moderation';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';
import { conflict, forbidden, notFound } from '../../http-errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { revokeOtherTokens } from '../auth/access-token-repository.js';
import { appendAudit } from '../moderation/audit-repository.js';
import { latestDecisions, recordDecision } from '../moderation/decision-repository.js';
import { lockAccount, setRole, setSuspension } from './account-repository.js';
import { productIdsOfUploader, setVisibility } from './product-visibility-repository.js';

type Db = Kysely<Database>;

/** The account's row, locked for the rest of the transaction (see lockAccount), or the 404. */
async function lockedUser(trx: Db, dialect: DialectName, id: number) {
  const user = await lockAccount(trx, dialect, id);
  if (!user) throw notFound('catalogue.user_not_found');
  return user;
}

/** Moderators act on ordinary accounts; an admin also on moderators; nobody here on an admin (or on themselves). */
function mayModerate(actor: AuthUser, target: { id: number; role: string }): void {
  if (target.id === actor.id) throw forbidden('moderation.own_account');
  if (target.role === 'admin') throw forbidden('moderation.admin_not_suspendable');
  if (target.role === 'moderator' && actor.role !== 'admin') throw forbidden('moderation.moderator_needs_admin');
}

/**
 * Suspends an account: every session ends at once, sign-in is refused with the reason, and the account's
 * visible products are hidden. Each of those products gets a `suspend` decision, so that restoring brings
 * back exactly these and not the ones a moderator hid for their own reasons.
 */
export async function suspendUser(db: Db, dialect: DialectName, actor: AuthUser, id: number, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await lockedUser(trx, dialect, id);
    mayModerate(actor, target);
    if (target.suspended_at !== null) throw conflict('moderation.already_suspended');
    await setSuspension(trx, id, { at: nowIso(), reason });
    await revokeOtherTokens(trx, id, null);
    const ids = await productIdsOfUploader(trx, id, 0);
    await setVisibility(trx, ids, { hidden: 1 });
    await recordDecision(trx, ids, actor.id, 'suspend', reason);
    await appendAudit(trx, actor, 'user.suspend', { type: 'user', id, label: `@${target.username}` }, reason);
  });
}

/** Lifts a suspension and shows again the products it hid (those whose latest decision is still that suspension). */
export async function restoreUser(db: Db, dialect: DialectName, actor: AuthUser, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await lockedUser(trx, dialect, id);
    mayModerate(actor, target);
    if (target.suspended_at === null) throw conflict('moderation.not_suspended');
    await setSuspension(trx, id, null);
    const latest = await latestDecisions(trx, await productIdsOfUploader(trx, id, 1));
    const ids = [...latest.values()].filter((d) => d.action === 'suspend').map((d) => d.product_id);
    await setVisibility(trx, ids, { hidden: 0 });
    await recordDecision(trx, ids, actor.id, 'restore', null);
    await appendAudit(trx, actor, 'user.restore', { type: 'user', id, label: `@${target.username}` });
  });
}

/** Grants or removes the moderator role (admins only, on accounts other than their own and other admins'). */
export async function changeRole(db: Db, dialect: DialectName, actor: AuthUser, id: number, role: RoleRequest['role']): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await lockedUser(trx, dialect, id);
    if (target.id === actor.id) throw forbidden('moderation.own_role');
    if (target.role === 'admin') throw forbidden('moderation.admin_role_fixed');
    if (target.role === role) throw conflict(role === 'moderator' ? 'moderation.already_moderator' : 'moderation.already_user');
    await setRole(trx, id, role);
    await appendAudit(trx, actor, role === 'moderator' ? 'role.grant' : 'role.revoke', { type: 'user', id, label: `@${target.username}` }, role);
  });
}
