import { type Kysely, sql } from 'kysely';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditQuery } from '@linkhunt/contracts/moderation';
import type { Pagination } from '@linkhunt/contracts/common';
import type { Database } from '../../db/schema.js';
import { nowIso, toIso } from '../../db/sql-helpers.js';
import type { AuthUser } from '../../plugins/auth.js';
import { pageOfRows, paginationOf } from '../../db/paging.js';

type Db = Kysely<Database>;

export type AuditTarget = { type: 'product' | 'user'; id: number; label: string };

/** What `audit_log.details` holds: the target's name at the time and what the action carried. */
interface StoredDetails {
  target_label: string;
  details: string | null;
}

/**
 * Appends one entry. Called with the action's own transaction, so that an action and its entry are
 * committed together or not at all; the database refuses to change or delete an entry afterwards.
 */
export async function appendAudit(trx: Db, actor: Pick<AuthUser, 'id' | 'username'>, action: AuditAction, target: AuditTarget, details: string | null = null): Promise<void> {
  const stored: StoredDetails = { target_label: target.label, details };
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_username: actor.username,
      action,
      target_type: target.type,
      target_id: target.id,
      details: JSON.stringify(stored),
      created_at: nowIso(),
    })
    .execute();
}

function readDetails(text: string | null): StoredDetails {
  try {
    const parsed = JSON.parse(text ?? '') as Partial<StoredDetails> | null;
    return { target_label: typeof parsed?.target_label === 'string' ? parsed.target_label : '', details: typeof parsed?.details === 'string' ? parsed.details : null };
  } catch {
    return { target_label: '', details: text };
  }
}

const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

/** The log, newest first, narrowed by the query's filters. */
export async function pageOfAudit(db: Db, query: AuditQuery): Promise<{ data: AuditEntry[]; pagination: Pagination }> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  let rows = db.selectFrom('audit_log').selectAll();
  if (query.action) rows = rows.where('action', '=', query.action);
  if (query.actor) rows = rows.where(sql<string>`lower(actor_username)`, '=', query.actor.replace(/^@/, '').toLowerCase());
  if (query.target_type) rows = rows.where('target_type', '=', query.target_type);
  if (query.target_id) rows = rows.where('target_id', '=', query.target_id);
  const { rows: found, total } = await pageOfRows(rows.orderBy('id', 'desc'), page, perPage);
  const data = found.flatMap((row): AuditEntry[] => {
    if (!isAuditAction(row.action) || (row.target_type !== 'product' && row.target_type !== 'user')) return [];
    const { target_label, details } = readDetails(row.details);
    return [{
      id: row.id,
      actor: { id: row.actor_id, username: row.actor_username },
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      target_label,
      details,
      created_at: toIso(row.created_at),
    }];
  });
  return { data, pagination: paginationOf(total, data.length, page, perPage) };
}
