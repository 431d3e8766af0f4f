/**
 * The machine-readable summary `api-bench.ts` writes to the file named by BENCH_JSON: one JSON object of
 * type ApiBenchSummary. Read by the root benchmark orchestrator, so fields only ever get added; times are
 * milliseconds, throughputs requests per second, ratios plain numbers (0.46, not "46 %").
 */

/** How a search query relates to the catalogue; the bench checks the match fraction of the first four. */
export type SearchClass =
  /** A word in fewer than 1 % of the products (or in none). */
  | 'rare'
  /** A word in 1 % to 15 % of them: a product kind, a colour, a brand. */
  | 'uncommon'
  /** A word in about a third of them (25 % to 45 %). */
  | 'third'
  /** A word in more than 90 % of them. */
  | 'nearly-all'
  /** Typed with accents the index folds away ("pantalón"), or without the accents the product has ("nomada"). */
  | 'accented'
  /** A typo of a common word ("zapatilas"): the search has no typo tolerance, so these find nothing. */
  | 'misspelled'
  /** Two to four letters that the last-word prefix match expands to many words ("cal", "za"). */
  | 'prefix'
  /** Several words, all of which must match. */
  | 'pair';

export interface LatencySummary {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Requests measured. */
  samples: number;
}

export interface SearchQuerySummary extends LatencySummary {
  query: string;
  class: SearchClass;
  /** Products whose text matches the query, hidden ones included, counted straight in the index. */
  matches: number;
  /** matches ÷ products. */
  matchFraction: number;
}

export interface SearchClassSummary extends LatencySummary {
  class: SearchClass;
  queries: string[];
}

export interface ThroughputRow {
  /** E.g. "GET /products/featured". */
  endpoint: string;
  /** As deployed: rotating over the endpoint's URLs, answered from the read cache where it may. */
  rps: number;
  p99Ms: number;
  /** rps ÷ the bare small-JSON route's rps in the same run (target >= 0.5). */
  ratioToBare: number;
  /** Every request bypasses the read cache (a unique unread parameter) and does the full database work. */
  missRps: number;
  missP99Ms: number;
  missRatioToBare: number;
  /** A bare Fastify route sending this endpoint's own answers byte for byte (gzipped) over the same URLs. */
  replayRps: number;
  /** rps ÷ replayRps: the share of what Fastify alone does with the same bytes. */
  ratioToReplay: number;
}

/** The classes of GET /products and GET /search/suggest requests measured at the search size. */
export type ListingClass =
  /** GET /products?sort=new: the whole catalogue, a later page, a category. */
  | 'sort-new'
  /** The same with sort=popular (downloads). */
  | 'sort-popular'
  /** The same with sort=rating (average stars, then reviews). */
  | 'sort-rating'
  /** sort=relevance with a q, from a rare word to one in nearly every product. */
  | 'sort-relevance'
  /** Two filters at once (category + platform, brand + colour). */
  | 'two-filters'
  /** q misspelled: corrected through the vocabulary (meta.corrected_query). */
  | 'misspelled'
  /** q in another language than the catalogue's, or inflected: found through the dictionary and the stems. */
  | 'translated'
  /** GET /search/suggest with two letters. */
  | 'suggest-2'
  /** GET /search/suggest with three letters. */
  | 'suggest-3';

export interface ListingRequestSummary extends LatencySummary {
  class: ListingClass;
  /** The path requested, e.g. "/products?sort=popular&category=sneakers". */
  path: string;
  /** pagination.total of the answer (for suggestions: how many were suggested). */
  total: number;
}

export interface ListingClassSummary extends LatencySummary {
  class: ListingClass;
  paths: string[];
  /** The class's p95 target: targets.listingP95Ms, or targets.suggestP95Ms for suggestions. */
  targetMs: number;
  /** p95Ms < targetMs. */
  targetMet: boolean;
}

/** Whether a misspelled query finds what was meant. */
export interface TypoRecall {
  query: string;
  /** The folded word that was meant, e.g. "zapatillas". */
  intended: string;
  /** meta.corrected_query of the answer. */
  corrected: string | null;
  /** pagination.total of the answer. */
  total: number;
  /** Products on the first page, and how many of them have the intended word in their title, description, brand or categories (folded). */
  firstPage: number;
  containing: number;
  /** corrected === intended, a non-empty first page, and the word in every product of it. */
  found: boolean;
}

/**
 * The vocabulary's rebuild after a catalogue write (features/search/vocabulary.ts `rebuildVocabulary`): the
 * first correction after a write pays it, every later one a primary-key lookup.
 */
export interface VocabularyRebuild {
  /** Distinct words in the vocabulary after the build. */
  words: number;
  /** Rows of search_vocabulary_trigrams (SQLite only; null on PostgreSQL, whose GIN index is maintained by the insert). */
  trigramRows: number | null;
  /** The first GET /products?q=<typo> after the catalogue was written: the rebuild plus the request. */
  firstRequestMs: number;
  /** The same request right after, with the vocabulary built. */
  warmRequestMs: number;
  /** rebuildVocabulary alone, after a version bump, called in process: each run, and their median. */
  rebuildRunsMs: number[];
  rebuildMedianMs: number;
}

/** One query of the five-language recall set. */
export interface LanguageRecall {
  language: string;
  query: string;
  /** What its first products must be, e.g. "black sneakers". */
  expected: string;
  /** The first products judged (up to LANGUAGE_RECALL_TOP), and how many of them are expected ones. */
  judged: number;
  matching: number;
  /** A non-empty first page whose first products are all expected ones. */
  found: boolean;
}

export interface ListingSummary {
  /** Catalogue size of the run (the search size). */
  products: number;
  /** In the order measured. */
  classes: ListingClassSummary[];
  requests: ListingRequestSummary[];
  recall: { found: number; of: number; queries: TypoRecall[] };
  /** The five-language query set (issue 24). */
  languageRecall: LanguageRecall[];
  vocabulary: VocabularyRebuild;
  /** Every class's targetMet. */
  targetMet: boolean;
}

export interface DatabaseSummary {
  name: 'sqlite' | 'postgres';
  /** Server or library version, e.g. "3.53.0" or "15.20". */
  version: string;
  /** Catalogue size of the throughput runs. */
  products: number;
  /** The bare Fastify route returning a small JSON object: the throughput reference (0 when BENCH_PARTS has neither "throughput" nor "search"). */
  bareRps: number;
  bareP99Ms: number;
  /** Empty when BENCH_PARTS left "throughput" out. */
  throughput: ThroughputRow[];
  /** Every row's ratioToBare >= targets.throughputRatio (as deployed, cache included). */
  throughputTargetMet: boolean;
  /** Absent only from a run whose BENCH_PARTS left "search" out. */
  search?: {
    /** Catalogue size of the latency run. */
    products: number;
    /** Rounds of the whole mix, one request at a time, every request missing the read cache. */
    rounds: number;
    overall: LatencySummary;
    /** In the order of the mix. */
    classes: SearchClassSummary[];
    queries: SearchQuerySummary[];
    /** The query with the highest p95. */
    worst: SearchQuerySummary;
    /** overall.p95Ms < targets.searchP95Ms and every class's p95 below it too. */
    targetMet: boolean;
  };
  /**
   * GET /products (sorts, filters with facets, typos) and GET /search/suggest at the search size. Absent
   * only from a run whose BENCH_PARTS left it out (the full run, and so `pnpm bench`, always has it).
   */
  listing?: ListingSummary;
}

export interface BenchMachine {
  cpus: number;
  cpuModel: string;
  node: string;
  /** Null when that database was not benchmarked (not asked for, or not reachable). */
  sqlite: string | null;
  postgres: string | null;
}

export interface ApiBenchSummary {
  /** ISO 8601, when the run ended. */
  date: string;
  machine: BenchMachine;
  knobs: {
    seconds: number;
    connections: number;
    products: number;
    searchProducts: number;
    latencyRounds: number;
    /** BENCH_PARTS: which of "throughput", "search", "listing" ran. */
    parts?: string[];
  };
  targets: {
    /** Read endpoints' throughput as a share of the bare route's. */
    throughputRatio: number;
    searchP95Ms: number;
    /** p95 of every GET /products class, facets included. */
    listingP95Ms?: number;
    /** p95 of GET /search/suggest. */
    suggestP95Ms?: number;
  };
  databases: DatabaseSummary[];
}
