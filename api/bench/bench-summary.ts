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

export interface DatabaseSummary {
  name: 'sqlite' | 'postgres';
  /** Server or library version, e.g. "3.53.0" or "15.20". */
  version: string;
  /** Catalogue size of the throughput runs. */
  products: number;
  /** The bare Fastify route returning a small JSON object: the throughput reference. */
  bareRps: number;
  bareP99Ms: number;
  throughput: ThroughputRow[];
  /** Every row's ratioToBare >= targets.throughputRatio (as deployed, cache included). */
  throughputTargetMet: boolean;
  search: {
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
}

export interface ApiBenchSummary {
  /** ISO 8601, when the run ended. */
  date: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    /** Null when that database was not benchmarked (not asked for, or not reachable). */
    sqlite: string | null;
    postgres: string | null;
  };
  knobs: {
    seconds: number;
    connections: number;
    products: number;
    searchProducts: number;
    latencyRounds: number;
  };
  targets: {
    /** Read endpoints' throughput as a share of the bare route's. */
    throughputRatio: number;
    searchP95Ms: number;
  };
  databases: DatabaseSummary[];
}
