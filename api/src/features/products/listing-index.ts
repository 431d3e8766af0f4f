import type { Kysely } from 'kysely';
import { KNOWN_COLOURS, knownColour, normaliseColourName } from '@linkhunt/contracts/colours';
import { BASE_CURRENCY, convertMinor, CURRENCIES, type RateTable } from '@linkhunt/contracts/prices';
import { storedPrice } from '../prices/price-input.js';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { bayesianScore } from './bayesian-rating.js';
import { type ListingSnapshot, readListingSnapshot, readListingVersion } from './listing-index-repository.js';

type Db = Kysely<Database>;

/**
 * How old the download counts behind sort=popular may get. Reveals raise them all the time and do not
 * bump the index's version (that would rebuild it on every reveal), so an index older than half this is
 * rebuilt in the background while it keeps answering, and one older than this (a process that sat idle)
 * is rebuilt before answering.
 */
export const DOWNLOADS_MAX_AGE_MS = 60_000;

export interface NamedValue {
  slug: string;
  name: string;
}

/**
 * GET /products' view of the visible catalogue, held in memory by each API process: what the filters,
 * facets and sorts need, one entry per visible product, by position (0 = the newest product). Typed
 * arrays keep it compact (about 6 MB at 100,000 products) and a pass over all of it under a few
 * milliseconds, where the same counts in SQL took hundreds.
 */
export interface ListingIndex {
  /** The listing_index_state version it was built from. */
  version: number;
  /** When it was built (Date.now()), for the age of its download counts. */
  builtAt: number;
  /** Product ids, newest (highest) first. */
  ids: Int32Array;
  brands: NamedValue[];
  brandBySlug: Map<string, number>;
  /** Each product's brand, an index into `brands`. */
  brandOf: Int32Array;
  categories: NamedValue[];
  categoryBySlug: Map<string, number>;
  /** Product i's categories are categoryList[categoryStart[i] .. categoryStart[i + 1]). */
  categoryStart: Int32Array;
  categoryList: Int32Array;
  /** Colour facet keys: a known colour's key, or any other stored name lower-cased. */
  colourKeys: string[];
  colourByKey: Map<string, number>;
  /** Product i's distinct colour keys are colourList[colourStart[i] .. colourStart[i + 1]). */
  colourStart: Int32Array;
  colourList: Int32Array;
  /** Bit s is set when the product has a link on STORES[s]. */
  platforms: Uint8Array;
  /** Average stars of the counted reviews (0 without) and their number. */
  average: Float64Array;
  reviews: Int32Array;
  /**
   * Positions in sort=popular order (downloads, then newest) and sort=rating order (the Bayesian average of
   * bayesian-rating.ts, then reviews, then newest; products without counted reviews last).
   */
  byPopular: Int32Array;
  byRating: Int32Array;
  /** Each position's rank in those orders, to sort a few matches without walking the whole order. */
  popularRank: Int32Array;
  ratingRank: Int32Array;
  /** The rates prices were compared at: those stored when the index was built (new ones bump its version). */
  rates: RateTable;
  /** Each product's price as entered: minor units (0: no price) and its currency, an index into CURRENCIES. */
  priceMinor: Int32Array;
  priceCurrency: Uint8Array;
  /**
   * Positions in sort=price_asc and sort=price_desc order: by the price in euros at `rates` (unrounded), ties
   * newest first, products without a price last in both.
   */
  byPriceAsc: Int32Array;
  byPriceDesc: Int32Array;
  priceAscRank: Int32Array;
  priceDescRank: Int32Array;
}

/**
 * The lower-case spellings a colour filter matches: every name of a known colour in every language, with
 * and without accents, and spaced or hyphenated ("azul marino", "azul-marino"); any other name as typed.
 */
export function colourSpellings(value: string): string[] {
  const colour = knownColour(value);
  const names: readonly string[] = colour ? Object.values(colour.names).flat() : [value];
  return [...new Set(names.flatMap((name) => {
    const lower = name.toLowerCase().trim();
    const folded = normaliseColourName(name);
    return [lower, folded, folded.replace(/ /g, '-')];
  }))];
}

/** Every known colour's spellings, to its key; the first colour listed wins, as KNOWN_COLOURS orders them. */
const knownKeyBySpelling = new Map<string, string>();
for (const colour of KNOWN_COLOURS) {
  for (const spelling of colourSpellings(colour.key)) if (!knownKeyBySpelling.has(spelling)) knownKeyBySpelling.set(spelling, colour.key);
}

/** The facet key of a stored colour name: its known colour's key, or the name lower-cased. */
export function colourKeyOf(stored: string): string {
  const lower = stored.toLowerCase();
  return knownKeyBySpelling.get(lower) ?? lower;
}

/** The facet keys a colour filter value matches: those of every spelling it stands for. */
export function colourKeysOf(value: string): string[] {
  return [...new Set(colourSpellings(value).map(colourKeyOf))];
}

function parseColours(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** Index of the first position whose id is <= id (ids are descending); -1 when `id` is not there. */
export function positionOf(index: ListingIndex, id: number): number {
  const { ids } = index;
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) > id) lo = mid + 1;
    else hi = mid;
  }
  return lo < ids.length && ids[lo] === id ? lo : -1;
}

function ranksOf(order: Int32Array): Int32Array {
  const rank = new Int32Array(order.length);
  for (let r = 0; r < order.length; r += 1) rank[order[r] as number] = r;
  return rank;
}

/** Builds the index from one consistent snapshot of the database. */
export async function buildListingIndex(db: Db, dialect: DialectName): Promise<ListingIndex> {
  return indexOf(await readListingSnapshot(db, dialect));
}

function indexOf({ version, brandRows, categoryRows, products, links, ratings, rates }: ListingSnapshot): ListingIndex {
  const n = products.length;
  const ids = new Int32Array(n);
  const position = new Map<number, number>();
  for (let i = 0; i < n; i += 1) {
    const id = (products[i] as { id: number }).id;
    ids[i] = id;
    position.set(id, i);
  }

  const brands: NamedValue[] = [];
  const brandBySlug = new Map<string, number>();
  const brandById = new Map<number, number>();
  for (const b of brandRows) {
    brandById.set(b.id, brands.length);
    brandBySlug.set(b.slug, brands.length);
    brands.push({ slug: b.slug, name: b.name });
  }
  const categories: NamedValue[] = [];
  const categoryBySlug = new Map<string, number>();
  const categoryById = new Map<number, number>();
  for (const c of categoryRows) {
    categoryById.set(c.id, categories.length);
    categoryBySlug.set(c.slug, categories.length);
    categories.push({ slug: c.slug, name: c.name });
  }

  const brandOf = new Int32Array(n);
  const platforms = new Uint8Array(n);
  const downloads = new Float64Array(n);
  const priceMinor = new Int32Array(n);
  const priceCurrency = new Uint8Array(n);
  // NaN: no price.
  const priceEuro = new Float64Array(n).fill(Number.NaN);
  const colourKeys: string[] = [];
  const colourByKey = new Map<string, number>();
  const colourStart = new Int32Array(n + 1);
  const colourValues: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const p = products[i] as (typeof products)[number];
    brandOf[i] = brandById.get(p.brand_id) ?? -1;
    platforms[i] = Number(p.platforms);
    downloads[i] = p.downloads;
    const price = storedPrice(p.price_minor, p.price_currency);
    if (price) {
      priceMinor[i] = price.amount_minor;
      priceCurrency[i] = CURRENCIES.indexOf(price.currency);
      priceEuro[i] = (price.amount_minor * rates[BASE_CURRENCY]) / rates[price.currency];
    }
    colourStart[i] = colourValues.length;
    const seen = new Set<number>();
    for (const name of parseColours(p.colors)) {
      const key = colourKeyOf(name);
      let k = colourByKey.get(key);
      if (k === undefined) {
        k = colourKeys.length;
        colourKeys.push(key);
        colourByKey.set(key, k);
      }
      if (!seen.has(k)) {
        seen.add(k);
        colourValues.push(k);
      }
    }
  }
  colourStart[n] = colourValues.length;

  // Counting sort of the category links by position, so each product's categories sit together.
  const categoryStart = new Int32Array(n + 1);
  const linkPositions = new Int32Array(links.length).fill(-1);
  for (let j = 0; j < links.length; j += 1) {
    const link = links[j] as (typeof links)[number];
    const pos = position.get(link.product_id);
    if (pos === undefined || !categoryById.has(link.category_id)) continue;
    linkPositions[j] = pos;
    categoryStart[pos + 1] = (categoryStart[pos + 1] as number) + 1;
  }
  for (let i = 0; i < n; i += 1) categoryStart[i + 1] = (categoryStart[i + 1] as number) + (categoryStart[i] as number);
  const categoryList = new Int32Array(categoryStart[n] as number);
  const fill = categoryStart.slice(0, n);
  for (let j = 0; j < links.length; j += 1) {
    const pos = linkPositions[j] as number;
    if (pos < 0) continue;
    const at = fill[pos] as number;
    categoryList[at] = categoryById.get((links[j] as (typeof links)[number]).category_id) as number;
    fill[pos] = at + 1;
  }

  const average = new Float64Array(n);
  const reviews = new Int32Array(n);
  // -1: no counted review, after every rated product (any score is above it).
  const score = new Float64Array(n).fill(-1);
  for (const r of ratings) {
    const pos = position.get(r.product_id);
    if (pos === undefined) continue;
    const count = Number(r.reviews);
    reviews[pos] = count;
    // Sum over count, like avg(): equal averages compare equal however many reviews they come from.
    average[pos] = count > 0 ? Number(r.stars) / count : 0;
    score[pos] = bayesianScore(Number(r.stars), count) ?? -1;
  }

  // Ties fall back to the position, so newest first as the SQL orders had it.
  const byPopular = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => (downloads[b] as number) - (downloads[a] as number) || a - b);
  const byRating = Int32Array.from({ length: n }, (_, i) => i)
    .sort((a, b) => (score[b] as number) - (score[a] as number) || (reviews[b] as number) - (reviews[a] as number) || a - b);

  // Unpriced last in both directions; ties (and the unpriced among themselves) newest first.
  const byPrice = (direction: 1 | -1) => Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const pa = priceEuro[a] as number;
    const pb = priceEuro[b] as number;
    const missing = Number(Number.isNaN(pa)) - Number(Number.isNaN(pb));
    if (missing !== 0) return missing;
    return (Number.isNaN(pa) ? 0 : direction * (pa - pb)) || a - b;
  });
  const byPriceAsc = byPrice(1);
  const byPriceDesc = byPrice(-1);

  return {
    version,
    builtAt: Date.now(),
    ids, brands, brandBySlug, brandOf, categories, categoryBySlug, categoryStart, categoryList,
    colourKeys, colourByKey, colourStart, colourList: Int32Array.from(colourValues),
    platforms, average, reviews, byPopular, byRating, popularRank: ranksOf(byPopular), ratingRank: ranksOf(byRating),
    rates, priceMinor, priceCurrency, byPriceAsc, byPriceDesc, priceAscRank: ranksOf(byPriceAsc), priceDescRank: ranksOf(byPriceDesc),
  };
}

/**
 * A product's price in `currency`, in whole minor units at the index's rates, as a client converting it with the
 * same rates shows it (convertMinor); null without a price.
 */
export function priceIn(index: ListingIndex, position: number, currency: (typeof CURRENCIES)[number]): number | null {
  const minor = index.priceMinor[position] as number;
  if (minor === 0) return null;
  return convertMinor(minor, CURRENCIES[index.priceCurrency[position] as number] ?? BASE_CURRENCY, currency, index.rates);
}

/** The typed arrays' bytes: what the index keeps in memory besides its few names. */
export function indexBytes(index: ListingIndex): number {
  const arrays = [
    index.ids, index.brandOf, index.categoryStart, index.categoryList, index.colourStart, index.colourList, index.platforms,
    index.average, index.reviews, index.byPopular, index.byRating, index.popularRank, index.ratingRank,
    index.priceMinor, index.priceCurrency, index.byPriceAsc, index.byPriceDesc, index.priceAscRank, index.priceDescRank,
  ];
  return arrays.reduce((sum, a) => sum + a.byteLength, 0);
}

/**
 * One process's listing index for one database: the current one, rebuilt when the version the triggers
 * bump (migration 004) has moved. Each request reads that version (one primary-key read); a request that
 * finds it moved waits for the rebuild, so a product hidden, added or re-reviewed is never listed as it
 * was once the write has committed. Concurrent requests share one rebuild, and two never run at once.
 */
export class ListingIndexCache {
  private index: ListingIndex | null = null;
  private building: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly maxAgeMs = DOWNLOADS_MAX_AGE_MS,
  ) {}

  private readVersion(): Promise<number> {
    return readListingVersion(this.db);
  }

  /** Starts a rebuild, or joins the one under way. */
  private rebuild(): Promise<void> {
    this.building ??= buildListingIndex(this.db, this.dialect)
      .then((built) => {
        if (!this.index || built.version >= this.index.version) this.index = built;
      })
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }

  /** The index as of the database's current version. */
  async current(): Promise<ListingIndex> {
    const version = await this.readVersion();
    for (;;) {
      const index = this.index;
      if (index && index.version >= version) {
        const age = Date.now() - index.builtAt;
        if (age > this.maxAgeMs) {
          await this.rebuild();
          continue;
        }
        // Only the download counts can be behind: answer now and refresh them for later requests.
        if (age > this.maxAgeMs / 2) this.rebuild().catch(() => {});
        return this.index ?? index;
      }
      // A rebuild that started before the write may end with an older version: the loop then starts another.
      await this.rebuild();
    }
  }
}
