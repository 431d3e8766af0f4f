import type { Kysely } from 'kysely';
import type { RoleRequest } from '@linkhunt/contracts/moderation';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';
import { forbidden, notFound } from '../../http-errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { appendAudit } from '../moderation/audit-repository.js';
import { latestDecisions, recordDecision } from '../moderation/decision-repository.js';
import { conflict } from '../../http-errors.js';

type Db = Kysely<Database>;

/** The account's row for the rest of the transaction, locked on PostgreSQL so that two moderators take turns. */
async function lockedUser(trx: Db, dialect: DialectName, id: number) {
  const query = trx.selectFrom('users').select(['id', 'username', 'role', 'suspended_at']).where('id', '=', id);
  const user = await (dialect === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirst();
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
    const at = nowIso();
    await trx.updateTable('users').set({ suspended_at: at, suspension_reason: reason }).where('id', '=', id).execute();
    await trx.updateTable('access_tokens').set({ revoked_at: at }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
    const visible = await trx.selectFrom('products').select('id').where('user_id', '=', id).where('hidden', '=', 0).execute();
    const ids = visible.map((p) => p.id);
    if (ids.length > 0) await trx.updateTable('products').set({ hidden: 1 }).where('id', 'in', ids).execute();
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
    await trx.updateTable('users').set({ suspended_at: null, suspension_reason: null }).where('id', '=', id).execute();
    const hidden = await trx.selectFrom('products').select('id').where('user_id', '=', id).where('hidden', '=', 1).execute();
    const latest = await latestDecisions(trx, hidden.map((p) => p.id));
    const ids = [...latest.values()].filter((d) => d.action === 'suspend').map((d) => d.product_id);
    if (ids.length > 0) await trx.updateTable('products').set({ hidden: 0 }).where('id', 'in', ids).execute();
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
    await trx.updateTable('users').set({ role }).where('id', '=', id).execute();
    await appendAudit(trx, actor, role === 'moderator' ? 'role.grant' : 'role.revoke', { type: 'user', id, label: `@${target.username}` }, role);
  });
}
