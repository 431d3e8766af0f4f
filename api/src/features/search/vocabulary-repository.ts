import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { foldText } from './index-repository.js';
import { LEXICON_WORDS } from './lexicon.js';

/** The tables of migration 003, known only to this feature. */
type VocabularyTables = {
  search_vocabulary: { word: string };
  search_vocabulary_state: { id: number; version: number; built: number };
  search_vocabulary_trigrams: { trigram: string; word: string };
};
export type VocabularyDb = Kysely<Database & VocabularyTables>;

export function vocabularyDb(db: Kysely<Database>): VocabularyDb {
  return db.withTables<VocabularyTables>();
}

const MAX_WORD_LENGTH = 100;
const INSERT_CHUNK = 400;

/** Folded words of letters and digits, like the search tokens. */
export function foldedWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** pg_trgm's trigrams: the word padded with two spaces before and one after. */
export function trigrams(word: string): string[] {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  return [...out];
}

/**
 * At most one rebuild per this interval: at 40,000 distinct words a rebuild takes over a second, and on
 * SQLite it holds the one connection all along, so rebuilding after every write of a busy catalogue would
 * stall every request. Meanwhile corrections use the previous vocabulary, so a new product's words are
 * corrected to within about a minute after it is added (and a hidden product's words stop being offered
 * as corrections within as long; its product is never listed meanwhile).
 */
export const VOCABULARY_REBUILD_INTERVAL_MS = 60_000;

interface RebuildState {
  intervalMs: number;
  /** When the last rebuild started (Date.now()); 0 before any. */
  startedAt: number;
  running: Promise<void> | null;
}

/** Per database, so tests' apps (one database each) keep their own schedule. */
const rebuildStates = new WeakMap<Kysely<Database>, RebuildState>();

function rebuildStateOf(db: Kysely<Database>): RebuildState {
  let state = rebuildStates.get(db);
  if (!state) {
    state = { intervalMs: VOCABULARY_REBUILD_INTERVAL_MS, startedAt: 0, running: null };
    rebuildStates.set(db, state);
  }
  return state;
}

/** Changes the interval between rebuilds for this database; 0 rebuilds on the first correction after every write (tests). */
export function setVocabularyRebuildInterval(db: Kysely<Database>, intervalMs: number): void {
  rebuildStateOf(db).intervalMs = intervalMs;
}

/**
 * Keeps the vocabulary following the catalogue (see migration 003: writes bump its version). Reads pay one
 * primary-key lookup. When the version moved, the first correction rebuilds it, unless the last rebuild
 * started less than the interval ago or one is under way: corrections then go on with the previous
 * vocabulary. Only a vocabulary never built yet is waited for.
 */
export async function ensureVocabulary(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const vdb = vocabularyDb(db);
  const state = await vdb.selectFrom('search_vocabulary_state').select(['version', 'built']).where('id', '=', 1).executeTakeFirst();
  if (!state || state.version === state.built) return;
  const schedule = rebuildStateOf(db);
  const neverBuilt = state.built === 0;
  if (schedule.running) {
    if (neverBuilt) await schedule.running;
    return;
  }
  if (!neverBuilt && Date.now() - schedule.startedAt < schedule.intervalMs) return;
  schedule.startedAt = Date.now();
  schedule.running = rebuildVocabulary(db, dialect).finally(() => {
    schedule.running = null;
  });
  await schedule.running;
}

/** Rebuilds the vocabulary now if a write has bumped its version since the last build. */
export async function rebuildVocabulary(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const vdb = vocabularyDb(db);
  await vdb.transaction().execute(async (trx) => {
    // FOR UPDATE makes concurrent rebuilds on PostgreSQL wait for the first and then find nothing to do (on
    // SQLite the transaction takes the write lock as it begins, to the same effect: db/connect.ts).
    const locked = dialect === 'postgres'
      ? await sql<{ version: number; built: number }>`select version, built from search_vocabulary_state where id = 1 for update`.execute(trx)
      : await sql<{ version: number; built: number }>`select version, built from search_vocabulary_state where id = 1`.execute(trx);
    const current = locked.rows[0];
    if (!current || current.version === current.built) return;
    const words = new Set<string>();
    const add = (text: string) => {
      for (const w of foldedWords(text)) if (w.length <= MAX_WORD_LENGTH) words.add(w);
    };
    for (const r of await trx.selectFrom('products').select('title').where('hidden', '=', 0).execute()) add(r.title);
    for (const r of await trx.selectFrom('brands').select('name').execute()) add(r.name);
    for (const r of await trx.selectFrom('categories').select('name').execute()) add(r.name);
    // The dictionary's words in five languages, so a typo of a translated word is corrected too ("stiefl").
    for (const w of LEXICON_WORDS) add(w);
    const list = [...words];
    await trx.deleteFrom('search_vocabulary').execute();
    for (let i = 0; i < list.length; i += INSERT_CHUNK) {
      await trx.insertInto('search_vocabulary').values(list.slice(i, i + INSERT_CHUNK).map((word) => ({ word }))).execute();
    }
    if (dialect === 'sqlite') {
      await trx.deleteFrom('search_vocabulary_trigrams').execute();
      const rows = list.flatMap((word) => trigrams(word).map((trigram) => ({ trigram, word })));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await trx.insertInto('search_vocabulary_trigrams').values(rows.slice(i, i + INSERT_CHUNK)).execute();
      }
    }
    await trx.updateTable('search_vocabulary_state').set({ built: current.version }).where('id', '=', 1).execute();
  });
}

/**
 * Vocabulary words near `word`, for the spelling correction: on PostgreSQL the `count` most similar by pg_trgm
 * (`%`: similarity 0.3 at least, on the GIN trigram index); on SQLite the `count` × 5 sharing most trigrams with
 * it, which the caller still measures.
 */
export async function vocabularyNeighbours(db: Kysely<Database>, dialect: DialectName, word: string, count: number): Promise<string[]> {
  const vdb = vocabularyDb(db);
  if (dialect === 'postgres') {
    const { rows } = await sql<{ word: string }>`select word from search_vocabulary where word % ${word}
      order by similarity(word, ${word}) desc, word limit ${count}`.execute(vdb);
    return rows.map((r) => r.word);
  }
  const rows = await vdb
    .selectFrom('search_vocabulary_trigrams')
    .select(['word', (eb) => eb.fn.countAll<number>().as('shared')])
    .where('trigram', 'in', trigrams(word))
    .groupBy('word')
    .orderBy('shared', 'desc')
    .orderBy('word')
    .limit(count * 5)
    .execute();
  return rows.map((r) => r.word);
}

/** Which of `words` the vocabulary holds as they are. */
export async function knownVocabularyWords(db: Kysely<Database>, words: readonly string[]): Promise<Set<string>> {
  const rows = await vocabularyDb(db).selectFrom('search_vocabulary').select('word').where('word', 'in', [...new Set(words)]).execute();
  return new Set(rows.map((r) => r.word));
}

/** Whether some vocabulary word starts with `prefix`. Tokens hold only letters and digits, so LIKE's wildcards cannot be in it. */
export async function startsAVocabularyWord(db: Kysely<Database>, prefix: string): Promise<boolean> {
  const row = await vocabularyDb(db).selectFrom('search_vocabulary').select('word').where('word', 'like', `${prefix}%`).limit(1).executeTakeFirst();
  return row !== undefined;
}
