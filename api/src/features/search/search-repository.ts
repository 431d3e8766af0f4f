import { type Kysely, type RawBuilder, sql } from 'kysely';
import { SEARCH_CANDIDATES } from '@linkhunt/contracts/limits';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { foldText } from './index-repository.js';

type Db = Kysely<Database>;

/** More words than anyone types into a search box; each one is one more index lookup. */
const MAX_TOKENS = 10;
/** A one-letter prefix would expand to a large share of the vocabulary on every keystroke. */
const MIN_PREFIX_LENGTH = 2;

// Column weights: a word in the title says most about what the product is.
export const SQLITE_BM25_WEIGHTS = sql.raw('10.0, 4.0, 4.0, 1.0'); // title, brand, categories, description
export const POSTGRES_RANK_WEIGHTS = sql.lit('{0.1, 0.2, 0.4, 1.0}'); // D, C (description), B (brand, categories), A (title)

export interface SearchPage {
  ids: number[];
  /** How many of the ranked candidates are visible: the matches, counting at most `candidates` of them. */
  total: number;
}

export interface SearchOptions {
  /** How many of the newest matches are ranked; tests lower it. */
  candidates?: number;
}

/**
 * The words of what was typed, folded like the index folds its text. Only letters and digits survive,
 * so quotes, `*`, `:`, `&`, parentheses and the engines' operators can never reach a query as syntax.
 */
export function searchTokens(query: string): string[] {
  return (foldText(query).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TOKENS);
}

/**
 * Full-text search over title, brand, categories and description, on either engine. Every word must
 * match; the last one also as a prefix, for results while typing. Only the newest `candidates` matches
 * are ranked (hidden ones among them are then left out): a word found in nearly every product would
 * otherwise rank the whole catalogue.
 */
export async function searchProductIds(
  db: Db,
  dialect: DialectName,
  query: string,
  page: number,
  perPage: number,
  options: SearchOptions = {},
): Promise<SearchPage> {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return { ids: [], total: 0 };
  const candidates = options.candidates ?? SEARCH_CANDIDATES;
  const offset = (page - 1) * perPage;
  return dialect === 'postgres'
    ? searchPostgres(db, tokens, candidates, perPage, offset)
    : searchSqlite(db, tokens, candidates, perPage, offset);
}

function withPrefix(tokens: readonly string[], exact: (t: string) => string, prefix: (t: string) => string, prefixLast: boolean): string[] {
  return tokens.map((t, i) => (prefixLast && i === tokens.length - 1 && t.length >= MIN_PREFIX_LENGTH ? prefix(t) : exact(t)));
}

/** `"word" "wor"*`: each token is a quoted FTS5 string, so NEAR, OR, NOT and the like are just words. */
export function fts5Query(tokens: readonly string[], prefixLast = true): string {
  return withPrefix(tokens, (t) => `"${t}"`, (t) => `"${t}"*`, prefixLast).join(' ');
}

/** `'word' & 'wor':*` for to_tsquery; the tokens hold only letters and digits, so the quoting cannot break. */
export function tsQuery(tokens: readonly string[], prefixLast = true): string {
  return withPrefix(tokens, (t) => `'${t}'`, (t) => `'${t}':*`, prefixLast).join(' & ');
}

async function searchSqlite(db: Db, tokens: string[], candidates: number, limit: number, offset: number): Promise<SearchPage> {
  // FTS5 returns matches in rowid (= product id) order, so walking it backwards stops after `candidates`
  // rows however common the words are; bm25 is then computed for those rows only, in the same pass. One
  // statement, not a fetch of the newest ids and a second ranked query over their range: each pass over a
  // prefix term (the last word) merges the posting lists of every word it starts, and bm25 adds one more
  // pass for its document frequencies, so two statements cost half again as much (a word in 95 % of the
  // products at 100,000: 33 ms, 20 ms in one). CROSS JOIN keeps the candidates as the outer loop; SQLite
  // would otherwise scan the visible products and look each one up among the candidates.
  const ranked = await sql<{ id: number }>`
    select c.id from (
      select rowid as id, bm25(product_search, ${SQLITE_BM25_WEIGHTS}) as score from product_search
      where product_search match ${fts5Query(tokens)} order by rowid desc limit ${candidates}
    ) c cross join products p on p.id = c.id
    where p.hidden = 0
    order by c.score, c.id desc`.execute(db);
  return { ids: ranked.rows.slice(offset, offset + limit).map((r) => r.id), total: ranked.rows.length };
}

async function searchPostgres(db: Db, tokens: string[], candidates: number, limit: number, offset: number): Promise<SearchPage> {
  const query = sql`to_tsquery('simple', ${tsQuery(tokens)})`;
  // The planner's default random_page_cost (4) prices each heap page of the GIN matches as a disk seek,
  // and the primary-key walk as sequential reads, so it walks for words in as few as 2 % of the products:
  // tens of thousands of rows read to find 1,000. The index and the table are read from memory on every
  // search; priced as such (1.1, the usual figure for cached or SSD data) the planner switches where the
  // two really cross, between 2 % and 6 % at 100,000 products (a word in 2.3 %: 43 ms walking, 14 ms from
  // the GIN index). SET LOCAL keeps the setting to this transaction, and so to this statement.
  return db.transaction().execute(async (trx) => {
    await sql`set local random_page_cost = 1.1`.execute(trx);
    return rankPostgres(trx, query, candidates, limit, offset);
  });
}

async function rankPostgres(db: Db, query: RawBuilder<unknown>, candidates: number, limit: number, offset: number): Promise<SearchPage> {
  // Ordered by product_id with a limit, the planner walks the primary key backwards for a common word
  // (stopping after `candidates` rows) and uses the GIN index for a rare one. It can only choose well
  // when it sees the query itself and product_search alone, so hidden products are left out after the
  // limit, by a sub-query per candidate: as a join the planner would rather read all of products into a
  // hash. One row comes back even for a page past the end, so the total is always known.
  const result = await sql<{ ids: number[]; total: number }>`
    with candidates as (
      select product_id, document from product_search where document @@ ${query}
      order by product_id desc limit ${candidates}
    ),
    visible as (
      select product_id, document from candidates
      where (select p.hidden from products p where p.id = candidates.product_id) = 0
    ),
    ranked as (
      select product_id, ts_rank(${POSTGRES_RANK_WEIGHTS}, document, ${query}) as rank from visible
      order by rank desc, product_id desc limit ${limit} offset ${offset}
    )
    select
      array(select product_id from ranked order by rank desc, product_id desc) as ids,
      (select cast(count(*) as integer) from visible) as total`.execute(db);
  const row = result.rows[0];
  return { ids: row?.ids ?? [], total: row?.total ?? 0 };
}
