import type { Kysely } from 'kysely';
import type { ListingResponse } from '@linkhunt/contracts/listing';
import type { DialectName } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';
import { foldedWords, rebuildVocabulary, vocabularyDb } from '../src/features/search/vocabulary-repository.js';
import { count, latencySummary, missing, ms, type PathLatency, round, sequentialLatency, table } from './bench-latency.js';
import type {
  LanguageRecall, ListingClass, ListingClassSummary, ListingRequestSummary, ListingSummary, TypoRecall, VocabularyRebuild,
} from './bench-summary.js';

/** Issue 16's targets: every GET /products class, facets included, and suggestions while typing. */
export const LISTING_P95_TARGET_MS = 50;
export const SUGGEST_P95_TARGET_MS = 15;

/** Each class's own time budget; a slow class still gets MIN_SAMPLES requests so its p95 means something. */
const CLASS_BUDGET_MS = 20_000;
const MIN_SAMPLES = 60;
const REBUILD_RUNS = 3;

/** The misspelled class and the folded word each typo means (bench-catalogue.ts makes sure titles hold them). */
export const TYPOS: readonly { query: string; intended: string }[] = [
  { query: 'zapatilas', intended: 'zapatillas' },
  { query: 'sudaderra', intended: 'sudadera' },
  { query: 'calidda', intended: 'calidad' },
  { query: 'pantalom', intended: 'pantalon' },
  { query: 'vaqeros', intended: 'vaqueros' },
];

/** What a query of the recall set must find first, judged on the (Spanish) product as bench-catalogue.ts writes it. */
type Judged = ListingResponse['results']['data'][number];
const titleStarts = (word: string) => (p: Judged) => foldedWords(p.title)[0] === word;
const KINDS: Readonly<Record<string, (p: Judged) => boolean>> = {
  boots: titleStarts('botas'),
  // Black among its colours (a title names only the first one) and filed under Sneakers.
  'black sneakers': (p) => p.categories.some((c) => c.slug === 'sneakers') && p.colors.includes('negro'),
  hoodies: titleStarts('sudadera'),
  jackets: titleStarts('chaqueta'),
  caps: titleStarts('gorra'),
  backpacks: titleStarts('mochila'),
};

/** The five-language recall set: the same things asked for in each language, as a visitor would type them. */
export const LANGUAGE_QUERIES: readonly { language: string; query: string; expected: keyof typeof KINDS }[] = [
  { language: 'es', query: 'botas', expected: 'boots' },
  { language: 'es', query: 'zapatillas negras', expected: 'black sneakers' },
  { language: 'es', query: 'sudaderas', expected: 'hoodies' },
  { language: 'es', query: 'chaquetas', expected: 'jackets' },
  { language: 'es', query: 'gorra', expected: 'caps' },
  { language: 'es', query: 'mochilas', expected: 'backpacks' },
  { language: 'en', query: 'boots', expected: 'boots' },
  { language: 'en', query: 'black sneakers', expected: 'black sneakers' },
  { language: 'en', query: 'hoodie', expected: 'hoodies' },
  { language: 'en', query: 'jacket', expected: 'jackets' },
  { language: 'en', query: 'cap', expected: 'caps' },
  { language: 'en', query: 'backpack', expected: 'backpacks' },
  { language: 'de', query: 'Stiefel', expected: 'boots' },
  { language: 'de', query: 'schwarze Sneaker', expected: 'black sneakers' },
  { language: 'de', query: 'Kapuzenpullover', expected: 'hoodies' },
  { language: 'de', query: 'Jacke', expected: 'jackets' },
  { language: 'de', query: 'Kappe', expected: 'caps' },
  { language: 'de', query: 'Rucksack', expected: 'backpacks' },
  { language: 'it', query: 'stivali', expected: 'boots' },
  { language: 'it', query: 'sneakers nere', expected: 'black sneakers' },
  { language: 'it', query: 'felpa', expected: 'hoodies' },
  { language: 'it', query: 'giacca', expected: 'jackets' },
  { language: 'it', query: 'cappellino', expected: 'caps' },
  { language: 'it', query: 'zaino', expected: 'backpacks' },
  { language: 'fr', query: 'bottes', expected: 'boots' },
  { language: 'fr', query: 'baskets noires', expected: 'black sneakers' },
  { language: 'fr', query: 'sweat à capuche', expected: 'hoodies' },
  { language: 'fr', query: 'veste', expected: 'jackets' },
  { language: 'fr', query: 'casquette', expected: 'caps' },
  { language: 'fr', query: 'sac à dos', expected: 'backpacks' },
];
/** How many of the first products must be expected ones: a first page's worth a visitor looks at. */
const LANGUAGE_RECALL_TOP = 10;

/** `/products?…` from pairs, so a filter can repeat; spaces as %20, not URLSearchParams' "+". */
const products = (...pairs: [string, string][]) => `/products?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
/** The whole catalogue, a later page, and a category page: how the site's lists will call it. */
const sorted = (sort: string) => [products(['sort', sort]), products(['sort', sort], ['page', '5']), products(['sort', sort], ['category', 'sneakers'])];
const suggest = (...prefixes: string[]) => prefixes.map((q) => `/search/suggest?q=${q}`);

/** What is measured, in this order. Relevance spans a rare word (0.6 % of the products) to one in 98 %. */
const CLASSES: readonly { class: ListingClass; paths: string[] }[] = [
  { class: 'sort-new', paths: sorted('new') },
  { class: 'sort-popular', paths: sorted('popular') },
  { class: 'sort-rating', paths: sorted('rating') },
  { class: 'sort-relevance', paths: ['borlas', 'zapatillas', 'ropa', 'calidad', 'vaqueros baggy'].map((q) => products(['q', q], ['sort', 'relevance'])) },
  {
    class: 'two-filters',
    paths: [
      products(['category', 'sneakers'], ['platform', 'dhgate']),
      products(['category', 'accesorios'], ['platform', 'cnfans']),
      products(['brand', 'okavo'], ['color', 'negro']),
      products(['brand', 'pampa-denim'], ['color', 'azul marino']),
    ],
  },
  { class: 'misspelled', paths: TYPOS.map((t) => products(['q', t.query])) },
  { class: 'translated', paths: ['boots', 'black sneakers', 'Jacke', 'sneakers noires', 'zapatillas negras'].map((q) => products(['q', q])) },
  { class: 'suggest-2', paths: suggest('za', 'ca', 'su', 'pa', 'go', 've') },
  { class: 'suggest-3', paths: suggest('zap', 'cam', 'sud', 'pan', 'vaq', 'cha') },
];

const isSuggest = (c: ListingClass) => c === 'suggest-2' || c === 'suggest-3';

async function timedGet(url: string): Promise<{ elapsed: number; body: ListingResponse }> {
  const started = performance.now();
  const res = await fetch(url);
  const body = (await res.json()) as ListingResponse;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { elapsed: performance.now() - started, body };
}

/**
 * The first correction after a catalogue write rebuilds the vocabulary. Measured twice: the first HTTP
 * request after the catalogue was loaded (rebuild + request), and rebuildVocabulary alone after bumping the
 * version as a write's trigger would.
 */
async function vocabularyRebuild(db: Kysely<Database>, dialect: DialectName, appUrl: string): Promise<VocabularyRebuild> {
  const vdb = vocabularyDb(db);
  const state = await vdb.selectFrom('search_vocabulary_state').select(['version', 'built']).where('id', '=', 1).executeTakeFirstOrThrow();
  if (state.version === state.built) console.log('  ! the vocabulary was already built: the first request below does not include a rebuild');
  const path = products(['q', TYPOS[0]?.query ?? 'zapatilas']);
  const first = await timedGet(appUrl + missing(path, 'rebuild-first'));
  const warm = await timedGet(appUrl + missing(path, 'rebuild-warm'));
  const runs: number[] = [];
  for (let i = 0; i < REBUILD_RUNS; i++) {
    await vdb.updateTable('search_vocabulary_state').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute();
    const started = performance.now();
    await rebuildVocabulary(db, dialect);
    runs.push(performance.now() - started);
  }
  const words = await vdb.selectFrom('search_vocabulary').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const trigramRows = dialect === 'sqlite'
    ? Number((await vdb.selectFrom('search_vocabulary_trigrams').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)
    : null;
  const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? NaN;
  return {
    words: Number(words.n), trigramRows,
    firstRequestMs: round(first.elapsed, 1), warmRequestMs: round(warm.elapsed, 1),
    rebuildRunsMs: runs.map((r) => round(r, 1)), rebuildMedianMs: round(median, 1),
  };
}

/** Does each typo, corrected, find what was meant? Judged on the answer's first page. */
async function typoRecall(appUrl: string): Promise<TypoRecall[]> {
  const out: TypoRecall[] = [];
  for (const { query, intended } of TYPOS) {
    const { body } = await timedGet(appUrl + missing(products(['q', query]), `recall-${query}`));
    const { data, meta } = body.results;
    // The last word of a query also matches as a prefix ("pantalon" finds "Pantalones y Vaqueros"): so does this check.
    const containing = data.filter((p) => foldedWords(`${p.title} ${p.description} ${p.brand.name} ${p.categories.map((c) => c.name).join(' ')}`)
      .some((w) => w.startsWith(intended))).length;
    out.push({
      query, intended, corrected: meta.corrected_query, total: meta.pagination.total, firstPage: data.length, containing,
      found: meta.corrected_query === intended && data.length > 0 && containing === data.length,
    });
  }
  return out;
}

/** Does each query of the five-language set find what it asks for first? Judged on the answer's first page. */
async function languageRecall(appUrl: string): Promise<LanguageRecall[]> {
  const out: LanguageRecall[] = [];
  for (const { language, query, expected } of LANGUAGE_QUERIES) {
    const { body } = await timedGet(appUrl + missing(products(['q', query]), `language-recall-${language}`));
    const judged = body.results.data.slice(0, LANGUAGE_RECALL_TOP);
    const isExpected = KINDS[expected] as (p: Judged) => boolean;
    const matching = judged.filter(isExpected).length;
    out.push({ language, query, expected, judged: judged.length, matching, found: judged.length > 0 && matching === judged.length });
  }
  return out;
}

/** GET /products and GET /search/suggest at the search size: latency by class, typo recall, the vocabulary's rebuild. */
export async function listingLatency(db: Kysely<Database>, dialect: DialectName, appUrl: string, catalogueSize: number, rounds: number): Promise<ListingSummary> {
  // First, before any request corrects a word: the catalogue was just written, so the vocabulary is stale.
  const vocabulary = await vocabularyRebuild(db, dialect, appUrl);
  console.log(`vocabulary rebuild at ${count(catalogueSize)} products (${count(vocabulary.words)} words` +
    `${vocabulary.trigramRows === null ? '' : `, ${count(vocabulary.trigramRows)} trigram rows`}): first typo request after the write ` +
    `${ms(vocabulary.firstRequestMs)} ms (warm: ${ms(vocabulary.warmRequestMs)} ms); rebuildVocabulary alone ${vocabulary.rebuildRunsMs.map(ms).join(', ')} ms ` +
    `(median ${ms(vocabulary.rebuildMedianMs)} ms)`);

  const recall = await typoRecall(appUrl);
  const found = recall.filter((r) => r.found).length;
  console.log(`misspelled recall: ${found} of ${recall.length} corrected queries find what was meant`);
  console.log(table(
    ['typed', 'meant', 'corrected_query', 'total', 'first page with the word', 'found'],
    recall.map((r) => [r.query, r.intended, r.corrected ?? '(none)', count(r.total), `${r.containing} of ${r.firstPage}`, r.found ? 'yes' : 'NO']),
  ));

  const languages = await languageRecall(appUrl);
  console.log(`five-language recall: ${languages.filter((r) => r.found).length} of ${languages.length} queries find what they ask for first`);
  console.log(table(
    ['language', 'query', 'expected', `first ${LANGUAGE_RECALL_TOP} expected`, 'found'],
    languages.map((r) => [r.language, r.query, r.expected, `${r.matching} of ${r.judged}`, r.found ? 'yes' : 'NO']),
  ));

  const classes: ListingClassSummary[] = [];
  const requests: ListingRequestSummary[] = [];
  for (const { class: name, paths } of CLASSES) {
    const { all, byPath } = await sequentialLatency(appUrl, paths, { rounds, budgetMs: CLASS_BUDGET_MS, minSamples: MIN_SAMPLES });
    for (const path of paths) {
      const entry: PathLatency = byPath.get(path) ?? { times: [], total: 0 };
      requests.push({ class: name, path, total: entry.total, ...latencySummary(entry.times) });
    }
    const targetMs = isSuggest(name) ? SUGGEST_P95_TARGET_MS : LISTING_P95_TARGET_MS;
    const summary = latencySummary(all);
    classes.push({ class: name, paths, targetMs, targetMet: summary.p95Ms < targetMs, ...summary });
  }

  console.log(`GET /products and GET /search/suggest at ${count(catalogueSize)} products, one request at a time, cache missed (end to end over HTTP):`);
  console.log(table(
    ['request', 'class', 'total*', 'samples', 'p50 ms', 'p95 ms', 'p99 ms'],
    requests.map((r) => [r.path, r.class, count(r.total), r.samples, ms(r.p50Ms), ms(r.p95Ms), ms(r.p99Ms)]),
  ));
  console.log('* pagination.total of the answer; for suggestions, how many were suggested');
  console.log(`by class at ${count(catalogueSize)} products (facets are computed on every GET /products):`);
  console.log(table(
    ['class', 'requests', 'samples', 'p50 ms', 'p95 ms', 'p99 ms', 'target p95', 'met'],
    classes.map((c) => [c.class, c.paths.length, c.samples, ms(c.p50Ms), ms(c.p95Ms), ms(c.p99Ms), `< ${c.targetMs} ms`, c.targetMet ? 'yes' : 'NO']),
  ));
  return { products: catalogueSize, classes, requests, recall: { found, of: recall.length, queries: recall }, languageRecall: languages, vocabulary, targetMet: classes.every((c) => c.targetMet) };
}
