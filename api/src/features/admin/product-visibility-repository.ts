import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** Shows or hides products; `withdrawn` left out stays as it is (a suspension hides products without withdrawing them). */
export async function setVisibility(db: Db, ids: readonly number[], visibility: { hidden: 0 | 1; withdrawn?: 0 | 1 }): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('products').set(visibility).where('id', 'in', ids).execute();
}

/** The ids of the uploader's products that are hidden (1) or visible (0). */
export async function productIdsOfUploader(db: Db, userId: number, hidden: 0 | 1): Promise<number[]> {
  const rows = await db.selectFrom('products').select('id').where('user_id', '=', userId).where('hidden', '=', hidden).execute();
  return rows.map((p) => p.id);
}
