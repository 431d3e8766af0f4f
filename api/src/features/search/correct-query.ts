import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { searchTokens } from './search-repository.js';
import { ensureVocabulary, knownVocabularyWords, startsAVocabularyWord, trigrams, vocabularyNeighbours } from './vocabulary-repository.js';

/** Shorter words have too many neighbours one edit away to guess which was meant. */
const MIN_CORRECTED_LENGTH = 3;
/** pg_trgm's default similarity threshold, used on both engines. */
const MIN_SIMILARITY = 0.3;
const CANDIDATES = 20;

export interface CorrectedQuery {
  /** The query with misspelled words replaced (folded, lower case), or null when every word was found as typed. */
  corrected: string | null;
}

/** Optimal string alignment distance: Levenshtein plus the swap of two neighbours ("calidda"), each one edit. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const prev = rows[i - 1] as number[];
      let best = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** One edit in a short word, two from eight letters on: more would turn words into other words. */
export function maxEdits(word: string): number {
  return word.length >= 8 ? 2 : 1;
}

function similarity(a: string, b: string): number {
  const ta = new Set(trigrams(a));
  const tb = trigrams(b);
  const shared = tb.filter((t) => ta.has(t)).length;
  return shared / (ta.size + tb.length - shared);
}

/** The nearest candidate within the allowed edits: fewest edits, then most trigrams in common. */
export function pickNearest(word: string, candidates: readonly string[]): string | null {
  let best: { word: string; edits: number; sim: number } | null = null;
  for (const candidate of candidates) {
    const edits = editDistance(word, candidate);
    if (edits > maxEdits(word)) continue;
    const sim = similarity(word, candidate);
    if (!best || edits < best.edits || (edits === best.edits && (sim > best.sim || (sim === best.sim && candidate < best.word)))) {
      best = { word: candidate, edits, sim };
    }
  }
  return best?.word ?? null;
}

async function candidatesFor(db: Kysely<Database>, dialect: DialectName, word: string): Promise<string[]> {
  const words = await vocabularyNeighbours(db, dialect, word, CANDIDATES);
  // PostgreSQL has already kept the similar ones (pg_trgm); SQLite answers words sharing trigrams, to be measured here.
  return dialect === 'postgres' ? words : words.filter((candidate) => similarity(word, candidate) >= MIN_SIMILARITY);
}

/**
 * Each query word not in the catalogue's vocabulary (visible titles, brands, categories; folded) becomes
 * the nearest vocabulary word, if one is close enough. Words found as typed are never changed.
 */
export async function correctQuery(
  db: Kysely<Database>,
  dialect: DialectName,
  q: string,
  /** Words known otherwise (the multilingual lexicon's inflections): never corrected. */
  isKnown: (word: string) => boolean = () => false,
): Promise<CorrectedQuery> {
  const tokens = searchTokens(q);
  if (tokens.length === 0) return { corrected: null };
  await ensureVocabulary(db, dialect);
  const known = await knownVocabularyWords(db, tokens);
  // The last word is also searched as a prefix (results while typing): one that starts a known word is not a typo.
  const last = tokens[tokens.length - 1] as string;
  if (!known.has(last) && (await startsAVocabularyWord(db, last))) known.add(last);
  let changed = false;
  const words: string[] = [];
  for (const token of tokens) {
    if (known.has(token) || isKnown(token) || token.length < MIN_CORRECTED_LENGTH || !/\p{L}/u.test(token)) {
      words.push(token);
      continue;
    }
    const nearest = pickNearest(token, await candidatesFor(db, dialect, token));
    if (nearest && nearest !== token) changed = true;
    words.push(nearest ?? token);
  }
  return { corrected: changed ? words.join(' ') : null };
}
