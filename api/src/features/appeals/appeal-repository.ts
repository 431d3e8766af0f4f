import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface NewAppeal {
  decisionId: number;
  productId: number;
  userId: number;
  text: string;
  createdAt: string;
}

/** Whether the decision has been appealed already: each may be appealed once. */
export async function hasAppeal(db: Db, decisionId: number): Promise<boolean> {
  const row = await db.selectFrom('appeals').select('id').where('decision_id', '=', decisionId).executeTakeFirst();
  return row !== undefined;
}

/** Fails with a unique violation when the decision was appealed in the meantime. */
export async function insertAppeal(db: Db, appeal: NewAppeal): Promise<void> {
  await db
    .insertInto('appeals')
    .values({ decision_id: appeal.decisionId, product_id: appeal.productId, user_id: appeal.userId, text: appeal.text, created_at: appeal.createdAt })
    .execute();
}
