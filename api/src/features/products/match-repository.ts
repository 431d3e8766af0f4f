import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { fts5Query, POSTGRES_RANK_WEIGHTS, SQLITE_BM25_WEIGHTS, tsQuery } from '../search/search-repository.js';
import { stemsOf } from '../search/stems.js';
import type { RankedMatch } from './listing-match.js';

type Db = Kysely<Database>;

/** Title stems count more than the tags' (categories, colours, brand), as in product_search. */
const SQLITE_STEM_WEIGHTS = sql.raw('10.0, 4.0');

/**
 * The newest `candidates` matches of the words with their scores, hidden products included (the listing
 * leaves them out). Capped like /products/search, and for the same reason: a word found in nearly every
 * product would otherwise rank the whole catalogue (q=calidad, in 97 % of the products, took 0.7–1.2 s).
 * Same statement shapes as search/search-repository.ts, whose comments explain the engines' choices.
 */
export async function newestMatches(db: Db, dialect: DialectName, tokens: readonly string[], candidates: number, prefixLast = true): Promise<Omit<RankedMatch, 'tier'>[]> {
  if (dialect === 'postgres') return newestInPostgres(db, 'document', tsQuery(tokens, prefixLast), candidates);
  return newestInSqlite(db, 'product_search', fts5Query(tokens, prefixLast), candidates);
}

/**
 * How a PostgreSQL match finds its newest candidates: as the planner likes; through the GIN index only
 * (`index`); or by reading at most this many of the newest products in order (a number).
 */
type PostgresPlan = 'planner' | 'index' | number;

/**
 * The newest `candidates` products whose tsvector `column` of product_search matches the to_tsquery `text`,
 * ranked, found as `plan` says (see translatedMatches).
 */
export function newestInPostgres(db: Db, column: 'document' | 'stems', text: string, candidates: number, plan: PostgresPlan = 'planner'): Promise<Omit<RankedMatch, 'tier'>[]> {
  const query = sql`to_tsquery('simple', ${text})`;
  const vector = sql.ref(column);
  const source = typeof plan === 'number' ? sql`(select product_id, ${vector} from product_search order by product_id desc limit ${plan}) as newest` : sql`product_search`;
  return db.transaction().execute(async (trx) => {
    await sql`set local random_page_cost = 1.1`.execute(trx);
    if (plan === 'index') await sql`set local enable_indexscan = off`.execute(trx);
    const { rows } = await sql<Omit<RankedMatch, 'tier'>>`
      with candidates as (
        select product_id, ${vector} as vector from ${source} where ${vector} @@ ${query}
        order by product_id desc limit ${candidates}
      )
      select product_id as id, -ts_rank(${POSTGRES_RANK_WEIGHTS}, vector, ${query}) as score from candidates`.execute(trx);
    return rows;
  });
}

/** The newest `candidates` products the FTS5 `table` matches with the query `text`, ranked by bm25 with the table's weights. */
export async function newestInSqlite(db: Db, table: 'product_search' | 'product_stems', text: string, candidates: number): Promise<Omit<RankedMatch, 'tier'>[]> {
  const fts = sql.table(table);
  const weights = table === 'product_search' ? SQLITE_BM25_WEIGHTS : SQLITE_STEM_WEIGHTS;
  const { rows } = await sql<Omit<RankedMatch, 'tier'>>`
    select rowid as id, bm25(${fts}, ${weights}) as score from ${fts}
    where ${fts} match ${text} order by rowid desc limit ${candidates}`.execute(db);
  return rows;
}

/** Each word's stems in the five languages: PostgreSQL's own Snowball configurations there, the JS stemmer on SQLite. */
export async function stemsFor(db: Db, dialect: DialectName, words: readonly string[]): Promise<Map<string, string[]>> {
  const unique = [...new Set(words)];
  if (dialect !== 'postgres') return new Map(unique.map((w) => [w, stemsOf(w)]));
  const { rows } = await sql<{ word: string; stems: string[] }>`
    select w as word, array(select distinct lexeme from unnest(${sql.join(
      ['spanish', 'english', 'german', 'italian', 'french'].map((l) => sql`to_tsvector(${sql.lit(l)}, w)`),
      sql` || `,
    )})) as stems from unnest(cast(${unique} as text[])) as w`.execute(db);
  return new Map(rows.map((r) => [r.word, r.stems]));
}
