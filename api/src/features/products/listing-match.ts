import { type Kysely, sql } from 'kysely';
import { SEARCH_CANDIDATES } from '@linkhunt/contracts/limits';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { correctQuery } from '../search/correct-query.js';
import { fts5Query, POSTGRES_RANK_WEIGHTS, searchTokens, SQLITE_BM25_WEIGHTS, tsQuery } from './search-repository.js';

type Db = Kysely<Database>;

export interface RankedMatch {
  id: number;
  /** The lower, the better the match. */
  score: number;
}

/** The products a query matches, best first (by score, then newest). */
export interface QueryMatch {
  ranked: RankedMatch[];
  /** The corrected query when a word was misspelled (see correctQuery), else null. */
  corrected: string | null;
}

export interface MatchOptions {
  /** How many of the newest matches of each query are ranked; tests lower it. */
  candidates?: number;
}

/**
 * Added to the score of a product found only through the corrected words: both engines' scores are
 * negative ranks well inside (-1000, 0], so whatever the typed words found comes first.
 */
const CORRECTED_PENALTY = 1000;

/**
 * The newest `candidates` matches of the words with their scores, hidden products included (the listing
 * leaves them out). Capped like /products/search, and for the same reason: a word found in nearly every
 * product would otherwise rank the whole catalogue (q=calidad, in 97 % of the products, took 0.7–1.2 s).
 * Same statement shapes as search-repository.ts, whose comments explain the engines' choices.
 */
async function newestMatches(db: Db, dialect: DialectName, tokens: readonly string[], candidates: number): Promise<RankedMatch[]> {
  if (dialect === 'postgres') {
    const query = sql`to_tsquery('simple', ${tsQuery(tokens)})`;
    return db.transaction().execute(async (trx) => {
      await sql`set local random_page_cost = 1.1`.execute(trx);
      const { rows } = await sql<RankedMatch>`
        with candidates as (
          select product_id, document from product_search where document @@ ${query}
          order by product_id desc limit ${candidates}
        )
        select product_id as id, -ts_rank(${POSTGRES_RANK_WEIGHTS}, document, ${query}) as score from candidates`.execute(trx);
      return rows;
    });
  }
  const { rows } = await sql<RankedMatch>`
    select rowid as id, bm25(product_search, ${SQLITE_BM25_WEIGHTS}) as score from product_search
    where product_search match ${fts5Query(tokens)} order by rowid desc limit ${candidates}`.execute(db);
  return rows;
}

/**
 * The one place where GET /products turns `q` into matches: the listing keeps these ids and, sorted by
 * relevance, their order. Same matching as /products/search (every word, the last also as a prefix,
 * case- and accent-insensitive, the newest SEARCH_CANDIDATES matches ranked), plus typo tolerance: when a
 * word is not in the catalogue's vocabulary, the products matching the corrected query are added after
 * the exact matches. Null when `q` holds no word: the listing is then unfiltered.
 */
export async function matchQuery(db: Db, dialect: DialectName, q: string | undefined, options: MatchOptions = {}): Promise<QueryMatch | null> {
  const tokens = searchTokens(q ?? '');
  if (tokens.length === 0) return null;
  const candidates = options.candidates ?? SEARCH_CANDIDATES;
  const [exact, { corrected }] = await Promise.all([newestMatches(db, dialect, tokens, candidates), correctQuery(db, dialect, tokens.join(' '))]);
  const best = new Map<number, number>();
  for (const m of exact) best.set(m.id, Number(m.score));
  if (corrected !== null) {
    for (const m of await newestMatches(db, dialect, searchTokens(corrected), candidates)) {
      const score = Number(m.score) + CORRECTED_PENALTY;
      const known = best.get(m.id);
      if (known === undefined || score < known) best.set(m.id, score);
    }
  }
  const ranked = [...best].map(([id, score]) => ({ id, score })).sort((a, b) => a.score - b.score || b.id - a.id);
  return { ranked, corrected };
}
