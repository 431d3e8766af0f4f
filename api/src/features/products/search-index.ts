import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

/** Lower-cased and accent-folded, so "Pantalón" and "pantalon" are the same word on both engines. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface SearchDocument {
  title: string;
  brand: string;
  categories: string[];
  description: string;
}

/** Writes (or rewrites) the full-text row of one product. Call inside the transaction that changes the product. */
export async function indexProduct(db: Kysely<Database>, dialect: DialectName, productId: number, doc: SearchDocument): Promise<void> {
  const title = foldText(doc.title);
  const brand = foldText(doc.brand);
  const categories = foldText(doc.categories.join(' '));
  const description = foldText(doc.description);
  if (dialect === 'postgres') {
    const document = sql`setweight(to_tsvector('simple', ${title}), 'A') || setweight(to_tsvector('simple', ${brand}), 'B')
      || setweight(to_tsvector('simple', ${categories}), 'B') || setweight(to_tsvector('simple', ${description}), 'C')`;
    await sql`insert into product_search (product_id, document) values (${productId}, ${document})
      on conflict (product_id) do update set document = excluded.document`.execute(db);
  } else {
    await sql`delete from product_search where rowid = ${productId}`.execute(db);
    await sql`insert into product_search (rowid, title, brand, categories, description) values (${productId}, ${title}, ${brand}, ${categories}, ${description})`.execute(db);
  }
}

/** SQLite's FTS table has no foreign key to cascade from, so deletes remove the row themselves. */
export async function unindexProduct(db: Kysely<Database>, dialect: DialectName, productId: number): Promise<void> {
  if (dialect === 'sqlite') await sql`delete from product_search where rowid = ${productId}`.execute(db);
}
