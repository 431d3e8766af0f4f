import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Every product whose picture or thumbnail is this stored file (demo products share drawn pictures). */
export function productsShowingImage(db: Kysely<Database>, imagePath: string): Promise<{ user_id: number; withdrawn: number }[]> {
  return db
    .selectFrom('products')
    .select(['user_id', 'withdrawn'])
    .where((eb) => eb.or([eb('image', '=', imagePath), eb('thumbnail', '=', imagePath)]))
    .execute();
}
