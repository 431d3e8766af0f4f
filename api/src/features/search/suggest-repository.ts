import { type Kysely, sql } from 'kysely';
import { categoryNameIn } from '@linkhunt/contracts/category-names';
import { type ColourLanguage, KNOWN_COLOURS } from '@linkhunt/contracts/colours';
import { SUGGESTION_LIMIT, type Suggestion } from '@linkhunt/contracts/search';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { searchTokens } from './search-repository.js';
import { foldedWords } from './vocabulary-repository.js';

/** Brands and categories are few; at most this many of each, so products always get some of the 8 slots. */
const MAX_PER_TAXONOMY = 3;
/** A colour completes a word; two are enough ("bl": black, blue). */
const MAX_COLOURS = 2;
const MIN_QUERY_CHARS = 2;

/** Every typed word starts a word of the label (folded): "vaq" and "pant vaq" both match "Pantalones y Vaqueros". */
export function matchesPrefix(label: string, tokens: readonly string[]): boolean {
  const words = foldedWords(label);
  return tokens.every((t) => words.some((w) => w.startsWith(t)));
}

/**
 * `names` are what a row is found by, the first one its label: a category is found by its name in the
 * visitor's language or as stored, and labelled in the visitor's language.
 */
function rankTaxonomy(rows: { slug: string; names: string[] }[], tokens: string[], type: Suggestion['type']): Suggestion[] {
  const first = tokens[0] ?? '';
  return rows
    .map((r) => ({ row: r, name: r.names.find((n) => matchesPrefix(n, tokens)) }))
    .filter((r): r is { row: { slug: string; names: string[] }; name: string } => r.name !== undefined)
    .map((r) => ({ ...r, starts: foldedWords(r.name)[0]?.startsWith(first) ? 0 : 1 }))
    .sort((a, b) => a.starts - b.starts || (a.row.names[0] as string).localeCompare(b.row.names[0] as string))
    .map(({ row }) => ({ type, label: row.names[0] as string, slug: row.slug }));
}

async function productTitles(db: Kysely<Database>, dialect: DialectName, tokens: string[], limit: number): Promise<Suggestion[]> {
  if (limit <= 0) return [];
  const last = tokens.length - 1;
  // Newest first, from the title column only; tokens hold only letters and digits, so the quoting is safe.
  if (dialect === 'postgres') {
    const query = tokens.map((t, i) => (i === last ? `'${t}':*A` : `'${t}':A`)).join(' & ');
    const { rows } = await sql<{ slug: string; title: string }>`
      select p.slug, p.title from (
        select product_id from product_search where document @@ to_tsquery('simple', ${query})
        order by product_id desc limit ${limit * 4}
      ) c join products p on p.id = c.product_id
      where p.hidden = 0 order by p.id desc limit ${limit}`.execute(db);
    return rows.map((r) => ({ type: 'product', label: r.title, slug: r.slug }));
  }
  const match = `title : (${tokens.map((t, i) => (i === last ? `"${t}"*` : `"${t}"`)).join(' ')})`;
  const { rows } = await sql<{ slug: string; title: string }>`
    select p.slug, p.title from (
      select rowid as id from product_search where product_search match ${match} order by rowid desc limit ${limit * 4}
    ) c cross join products p on p.id = c.id
    where p.hidden = 0 order by p.id desc limit ${limit}`.execute(db);
  return rows.map((r) => ({ type: 'product', label: r.title, slug: r.slug }));
}

/**
 * Up to 8 completions of what is being typed: categories, known colours, then brands, then the newest
 * visible products whose titles match (as written). Categories and colours are named in `language`, the
 * visitor's. Fewer than two letters or digits suggest nothing.
 */
export async function suggest(db: Kysely<Database>, dialect: DialectName, q: string, language: ColourLanguage): Promise<Suggestion[]> {
  const tokens = searchTokens(q);
  if (tokens.join('').length < MIN_QUERY_CHARS) return [];
  const [categories, brands] = await Promise.all([
    db.selectFrom('categories').select(['slug', 'name']).execute(),
    db.selectFrom('brands').select(['slug', 'name']).execute(),
  ]);
  const cats = rankTaxonomy(categories.map((c) => ({ slug: c.slug, names: [categoryNameIn(c.name, language), c.name] })), tokens, 'category');
  const colours = rankTaxonomy(KNOWN_COLOURS.map((c) => ({ slug: c.key, names: [...c.names[language]] })), tokens, 'colour');
  const brandHits = rankTaxonomy(brands.map((b) => ({ slug: b.slug, names: [b.name] })), tokens, 'brand');
  const head = [...cats.slice(0, MAX_PER_TAXONOMY), ...colours.slice(0, MAX_COLOURS), ...brandHits.slice(0, MAX_PER_TAXONOMY)];
  const products = await productTitles(db, dialect, tokens, SUGGESTION_LIMIT - head.length);
  const rest = [...cats.slice(MAX_PER_TAXONOMY), ...brandHits.slice(MAX_PER_TAXONOMY)];
  return [...head, ...products, ...rest].slice(0, SUGGESTION_LIMIT);
}
