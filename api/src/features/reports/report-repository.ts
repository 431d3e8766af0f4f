import type { Kysely } from 'kysely';
import type { ReportReason } from '@linkhunt/contracts/product';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/sql-helpers.js';

export interface NewReport {
  productId: number;
  visitor: string;
  userId: number | null;
  reason: ReportReason;
  details: string | null;
  contactEmail: string | null;
  goodFaith: boolean;
}

/**
 * Files a report, one per visitor per product: the id of the row written, or undefined when the visitor had
 * reported the product already. An illegal-content notice must not be lost behind an earlier report of
 * another reason, so it replaces (and reopens) that one.
 */
export async function fileReport(db: Kysely<Database>, report: NewReport): Promise<number | undefined> {
  const values = {
    reason: report.reason,
    details: report.details,
    contact_email: report.contactEmail,
    good_faith: report.goodFaith ? 1 : 0,
    created_at: nowIso(),
  };
  const row = await db
    .insertInto('reports')
    .values({ product_id: report.productId, visitor: report.visitor, user_id: report.userId, ...values })
    .onConflict((oc) => {
      const key = oc.columns(['product_id', 'visitor']);
      return report.reason === 'illegal' ? key.doUpdateSet({ ...values, status: 'open' }).where('reports.reason', '!=', 'illegal') : key.doNothing();
    })
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
