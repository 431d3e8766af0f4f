import type { Kysely } from 'kysely';
import { SEARCH_CANDIDATES } from '@linkhunt/contracts/limits';
import { SEARCH_QUERY_MAX_LENGTH } from '@linkhunt/contracts/search';
import { linkIdentity } from '../agent-links/product-identity.js';
import { visibleProductIdsListing } from './identity-repository.js';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { correctQuery } from '../search/correct-query.js';
import { isLexiconWord, isWholeLexiconWord, type QuerySpan, understand } from '../search/lexicon.js';
import { searchTokens } from '../search/search-repository.js';
import { newestInPostgres, newestInSqlite, newestMatches, stemsFor } from './match-repository.js';

type Db = Kysely<Database>;

export interface RankedMatch {
  id: number;
  /** The lower, the better the match. */
  score: number;
  /**
   * How the product was found: 0 the typed words, 1 only through their translations or inflections (stems),
   * 2 and 3 the same for the corrected query. A lower tier always ranks first.
   */
  tier: number;
}

/** What the words of `q` were recognised as, in any language. */
export interface QueryUnderstanding {
  /** Stored (Spanish) names of the categories named. */
  categories: string[];
  /** Keys of the known colours named (contracts/colours). */
  colours: string[];
}

/** The products a query matches, best first (by score, then newest). */
export interface QueryMatch {
  ranked: RankedMatch[];
  /** The corrected query when a word was misspelled (see correctQuery), else null. */
  corrected: string | null;
  /** Null for a literal search, or when no word named a category or colour. */
  understood: QueryUnderstanding | null;
}

export interface MatchOptions {
  /** How many of the newest matches of each query are ranked; tests lower it. */
  candidates?: number;
  /** Only the typed words (and their typo corrections): no translations, inflections or understanding. */
  literal?: boolean;
}

/**
 * Added to the score once per tier (see RankedMatch.tier): both engines' scores are negative ranks well
 * inside (-1000, 0], so whatever the typed words found comes first, then what their translations found.
 */
const TIER_GAP = 1000;

type Join = (parts: string[], operator: 'and' | 'or') => string;

/** Every span, any of its alternatives, all of an alternative's words, any of a word's stems. Null when nothing is left to search. */
function stemQuery(spans: readonly QuerySpan[], stems: Map<string, string[]>, quote: (stem: string) => string, join: Join): string | null {
  const parts: string[] = [];
  for (const span of spans) {
    const alternatives: string[] = [];
    // One-word alternatives share most stems ("zapatilla", "zapatillas": "zapatill"): each stem is asked once.
    const single = new Set<string>();
    for (const alternative of span.alternatives) {
      if (alternative.length === 1) for (const stem of stems.get(alternative[0] as string) ?? []) single.add(quote(stem));
    }
    if (single.size > 0) alternatives.push(join([...single], 'or'));
    for (const alternative of span.alternatives) {
      if (alternative.length === 1) continue;
      const words = alternative.map((w) => [...new Set((stems.get(w) ?? []).map(quote))]).filter((list) => list.length > 0);
      if (words.length === 0) continue;
      alternatives.push(join(words.map((list) => join(list, 'or')), 'and'));
    }
    // A word with no stem in any language (a stop word everywhere) cannot narrow the search: it is left out.
    if (alternatives.length > 0) parts.push(join(alternatives, 'or'));
  }
  return parts.length > 0 ? join(parts, 'and') : null;
}

const ftsJoin: Join = (parts, operator) => (parts.length === 1 ? (parts[0] as string) : `(${parts.join(operator === 'and' ? ' AND ' : ' OR ')})`);
const tsJoin: Join = (parts, operator) => (parts.length === 1 ? (parts[0] as string) : `(${parts.join(operator === 'and' ? ' & ' : ' | ')})`);

/**
 * How many of the newest products a one-span translated search reads in order on PostgreSQL before it asks the
 * GIN index: a span in 10 % of them fills the candidates there (11 ms at 100,000 products); a rarer one costs this
 * walk and then the index (boots: 12 + 16 ms).
 */
const SPAN_WALK = 10_000;

/**
 * The newest `candidates` products the spans find through the stem index (migration 007): each span by any
 * of its alternatives in any language, each word in any inflection the five stemmers reduce alike.
 */
async function translatedMatches(db: Db, dialect: DialectName, spans: readonly QuerySpan[], candidates: number): Promise<Omit<RankedMatch, 'tier'>[]> {
  const stems = await stemsFor(db, dialect, spans.flatMap((s) => s.alternatives.flat()));
  // Stems hold only letters and digits (folded words, and what a stemmer makes of them), so the quoting is safe.
  if (dialect === 'postgres') {
    const text = stemQuery(spans, stems, (s) => `'${s}'`, tsJoin);
    if (text === null) return [];
    // PostgreSQL prices a tsquery's ORs as if they added up, so it walks the primary key testing every row's
    // stems where the GIN index is far cheaper: for an AND of spans ("black sneakers": 1 % of 100,000 products,
    // estimated at 11 %) 86,000 rows in 220-330 ms against 25 ms, for one moderate span ("boots", 2.3 %) 43,000
    // rows in 96 ms against 16 ms. The walk is right only for a common span ("negras", 10 %: 9 ms against 38 ms),
    // so one span reads the newest SPAN_WALK products first and asks the index only when they hold too few.
    if (spans.length > 1) return newestInPostgres(db, 'stems', text, candidates, 'index');
    const newest = await newestInPostgres(db, 'stems', text, candidates, SPAN_WALK);
    return newest.length >= candidates ? newest : newestInPostgres(db, 'stems', text, candidates, 'index');
  }
  const text = stemQuery(spans, stems, (s) => `"${s}"`, ftsJoin);
  if (text === null) return [];
  return newestInSqlite(db, 'product_stems', text, candidates);
}

/**
 * The one place where GET /products turns `q` into matches: the listing keeps these ids and, sorted by
 * relevance, their order. Same matching as /products/search (every word, the last also as a prefix,
 * case- and accent-insensitive, the newest SEARCH_CANDIDATES matches ranked), plus typo tolerance: when a
 * word is not in the catalogue's vocabulary, the products matching the corrected query are added after
 * the exact matches. Unless `literal`, each tier is followed by what the words find in any of the five
 * languages (lexicon.ts: dictionary, categories, colours; stems for inflections), and the categories and
 * colours named are reported (`understood`). Null when `q` holds no word: the listing is then unfiltered.
 */
export async function matchQuery(db: Db, dialect: DialectName, q: string | undefined, options: MatchOptions = {}): Promise<QueryMatch | null> {
  const linked = q === undefined ? null : linkIdentity(q);
  if (linked) {
    const ids = await visibleProductIdsListing(db, linked);
    return { ranked: ids.map((id) => ({ id, score: -1, tier: 0 })), corrected: null, understood: null };
  }
  const tokens = searchTokens((q ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH));
  if (tokens.length === 0) return null;
  const candidates = options.candidates ?? SEARCH_CANDIDATES;
  const literal = options.literal === true;
  const understanding = literal ? null : understand(tokens);
  /**
   * The words' matches (tier `base`) and their translations' (`base + 1`). The typed words' own tier asks for
   * both at once. A corrected query, already one round trip late, asks for translations only when the corrected
   * words fill fewer than `candidates` themselves: a correction is nearly always a word of the catalogue
   * ("sudaderra": "sudadera", 4,800 of 100,000 products), whose translations could only rank after all of those,
   * and asking anyway put PostgreSQL's misspelled class at 60 ms p95 (the stems of "sudadera" walk and then
   * the index); a dictionary word the catalogue lacks ("stiefl": "stiefel") finds nothing typed and is translated.
   */
  const tiers = async (words: string[], base: number, translate: 'together' | 'when-short'): Promise<RankedMatch[]> => {
    const spans = literal ? [] : understand(words).spans;
    // A last word the dictionary knows whole ("cap") is what was meant, not the start of a longer one ("capucha").
    const prefixLast = literal || !isWholeLexiconWord(words[words.length - 1] as string);
    const typedMatches = newestMatches(db, dialect, words, candidates, prefixLast);
    const translatedOf = async () => (spans.length > 0 ? translatedMatches(db, dialect, spans, candidates) : []);
    const [typed, translated] =
      translate === 'together'
        ? await Promise.all([typedMatches, translatedOf()])
        : await typedMatches.then(async (found) => [found, found.length < candidates ? await translatedOf() : []] as const);
    return [...typed.map((m) => ({ ...m, tier: base })), ...translated.map((m) => ({ ...m, tier: base + 1 }))];
  };
  const [exact, { corrected }] = await Promise.all([
    tiers(tokens, 0, 'together'),
    correctQuery(db, dialect, tokens.join(' '), literal ? undefined : isLexiconWord),
  ]);
  const found = corrected === null ? exact : [...exact, ...(await tiers(searchTokens(corrected), 2, 'when-short'))];
  const best = new Map<number, RankedMatch>();
  for (const m of found) {
    const score = Number(m.score) + m.tier * TIER_GAP;
    const known = best.get(m.id);
    if (known === undefined || score < known.score) best.set(m.id, { id: m.id, score, tier: m.tier });
  }
  const ranked = [...best.values()].sort((a, b) => a.score - b.score || b.id - a.id);
  const understood = understanding && (understanding.categories.length > 0 || understanding.colours.length > 0)
    ? { categories: understanding.categories, colours: understanding.colours }
    : null;
  return { ranked, corrected, understood };
}
