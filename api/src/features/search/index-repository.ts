import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { stemText } from './stems.js';

const STEM_LANGUAGES = ['spanish', 'english', 'german', 'italian', 'french'] as const;

/** PostgreSQL's Snowball configurations of the five site languages over one text, as one tsvector. */
function allLanguagesVector(text: string) {
  return sql.join(STEM_LANGUAGES.map((l) => sql`to_tsvector(${sql.lit(l)}, ${text})`), sql` || `);
}

/** Lower-cased and accent-folded, so "Pantalón" and "pantalon" are the same word on both engines. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

export interface SearchDocument {
  title: string;
  brand: string;
  categories: string[];
  description: string;
  /** As stored (free text); indexed with their stems so "negras" finds a product whose colour is "negro". */
  colours: string[];
}

/** Writes (or rewrites) the full-text row of one product. Call inside the transaction that changes the product. */
export async function indexProduct(db: Kysely<Database>, dialect: DialectName, productId: number, doc: SearchDocument): Promise<void> {
  const title = foldText(doc.title);
  const brand = foldText(doc.brand);
  const categories = foldText(doc.categories.join(' '));
  const description = foldText(doc.description);
  // The stem index (migration 007): the title, and apart from it the tags a product is also known by.
  const tags = foldText([categories, doc.colours.join(' '), brand].join(' '));
  if (dialect === 'postgres') {
    const stems = sql`setweight(${allLanguagesVector(title)}, 'A') || setweight(${allLanguagesVector(tags)}, 'B')`;
    const document = sql`setweight(to_tsvector('simple', ${title}), 'A') || setweight(to_tsvector('simple', ${brand}), 'B')
      || setweight(to_tsvector('simple', ${categories}), 'B') || setweight(to_tsvector('simple', ${description}), 'C')`;
    await sql`insert into product_search (product_id, document, stems) values (${productId}, ${document}, ${stems})
      on conflict (product_id) do update set document = excluded.document, stems = excluded.stems`.execute(db);
  } else {
    await sql`delete from product_search where rowid = ${productId}`.execute(db);
    await sql`insert into product_search (rowid, title, brand, categories, description) values (${productId}, ${title}, ${brand}, ${categories}, ${description})`.execute(db);
    await sql`delete from product_stems where rowid = ${productId}`.execute(db);
    await sql`insert into product_stems (rowid, title, tags) values (${productId}, ${stemText(words(title))}, ${stemText(words(tags))})`.execute(db);
  }
}

/** SQLite's FTS table has no foreign key to cascade from, so deletes remove the row themselves. */
export async function unindexProduct(db: Kysely<Database>, dialect: DialectName, productId: number): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`delete from product_search where rowid = ${productId}`.execute(db);
    await sql`delete from product_stems where rowid = ${productId}`.execute(db);
  }
}
