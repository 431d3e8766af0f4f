import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as italian } from '@orama/stemmers/italian';

// Migrations never import application code: they must keep working as the app changes. The folding and
// stemming below are the app's (features/search/stems.ts, products/search-index.ts) as of this migration.
// `Kysely<any>` is the documented type for migrations, which run against every past schema.

/* eslint-disable @typescript-eslint/no-explicit-any */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function words(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function stemText(list: string[]): string {
  const out = new Set<string>();
  for (const w of list) for (const s of [w, spanish(w), english(w), german(w), italian(w), french(w)]) if (s) out.add(s);
  return [...out].join(' ');
}

const LANGUAGES = ['spanish', 'english', 'german', 'italian', 'french'] as const;

/** PostgreSQL's Snowball configurations, all five, over one text. */
function allLanguagesVector(text: unknown) {
  return sql.join(LANGUAGES.map((l) => sql`to_tsvector(${sql.lit(l)}, ${text})`), sql` || `);
}

/**
 * Multilingual search (issue 24): each product's words reduced to their stems in the five site languages, so
 * plural and gender forms meet ("negras"/"negro", "Jacken"/"Jacke") and the dictionary's translations find
 * inflected titles. Title apart from the tags (categories, colours, brand) so a title ranks above a tag. On
 * PostgreSQL a second tsvector of product_search built by its Snowball configurations; on SQLite a second
 * FTS5 table (rowid = product id) holding the stems a JavaScript Snowball stemmer gives.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  if (pg) {
    await sql`alter table product_search add column stems tsvector not null default ''::tsvector`.execute(db);
    await sql`create index product_search_stems on product_search using gin (stems)`.execute(db);
  } else {
    await sql`create virtual table product_stems using fts5(title, tags, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  }
  const products = await db.selectFrom('products').innerJoin('brands', 'brands.id', 'products.brand_id')
    .select(['products.id', 'products.title', 'products.colors', 'brands.name as brand']).execute();
  const categories = await db.selectFrom('product_categories').innerJoin('categories', 'categories.id', 'product_categories.category_id')
    .select(['product_categories.product_id', 'categories.name']).execute();
  const categoriesOf = new Map<number, string[]>();
  for (const c of categories) categoriesOf.set(c.product_id, [...(categoriesOf.get(c.product_id) ?? []), c.name]);
  for (const p of products) {
    const title = words(p.title);
    const colours = (JSON.parse(p.colors) as string[]).join(' ');
    const tags = words([...(categoriesOf.get(p.id) ?? []), colours, p.brand].join(' '));
    if (pg) {
      await sql`update product_search set stems = setweight(${allLanguagesVector(title.join(' '))}, 'A') || setweight(${allLanguagesVector(tags.join(' '))}, 'B')
        where product_id = ${p.id}`.execute(db);
    } else {
      await sql`insert into product_stems (rowid, title, tags) values (${p.id}, ${stemText(title)}, ${stemText(tags)})`.execute(db);
    }
  }
  // The typo corrector's vocabulary now also holds the dictionary's words: rebuild it on the next correction.
  await sql`update search_vocabulary_state set version = version + 1 where id = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`alter table product_search drop column stems`.execute(db);
  else await sql`drop table if exists product_stems`.execute(db);
}
