import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The stored value of a setting; the first caller's `initial` when none was stored (concurrent first callers agree on one). */
export async function settingOrCreate(db: Kysely<Database>, key: string, initial: string): Promise<string> {
  await db.insertInto('settings').values({ key, value: initial }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
