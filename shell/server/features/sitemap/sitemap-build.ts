import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type ListedKind, siteBase } from './site-pages.ts';
import { type Catalogue, indexDocument, sitemapDocuments } from './sitemap-files.ts';
import { readListed } from './sitemap-source.ts';
import { readSitemapStamp } from './sitemap-stamp.ts';
import { MAX_BYTES_PER_FILE } from './sitemap-xml.ts';

const gzipAsync = promisify(gzip);

/** A build reads every page of every kind; one that takes longer than this has met a failing API. */
const BUILD_TIMEOUT_MS = 120_000;

/**
 * The site's sitemaps as served, gzipped: XML of this kind shrinks about tenfold, and a large catalogue's
 * files would otherwise hold the process's memory at tens of megabytes.
 */
export interface SitemapSnapshot {
  index: Buffer;
  /** By file name (products-1.xml). */
  files: ReadonlyMap<string, Buffer>;
  /** The API's stamp of what it listed, read before the lists (null: it could not be read). */
  stamp: string | null;
}

export interface BuildOptions {
  apiUrl: string;
  siteUrl: string;
  /** Where browsers load product images from (config.json's imageUrl, else the API's /images). */
  imageBase: string;
  maxUrlsPerFile: number;
  signal: AbortSignal;
}

/** Reads every listed page from the API, then writes the files and the index over them. */
export async function buildSitemaps(options: BuildOptions): Promise<SitemapSnapshot> {
  const base = siteBase(options.siteUrl);
  // Read first: a change made while the lists are read then makes the stamp differ, and the next request rebuilds.
  const stamp = await readSitemapStamp(options.apiUrl, options.signal);
  const catalogue = await readCatalogue(options.apiUrl, options.signal);
  const files = new Map<string, Buffer>();
  const listed: { name: string; lastmod: string }[] = [];
  for (const document of sitemapDocuments(base, catalogue, { maxUrls: options.maxUrlsPerFile, maxBytes: MAX_BYTES_PER_FILE }, options.imageBase)) {
    files.set(document.name, await gzipAsync(document.xml));
    listed.push({ name: document.name, lastmod: document.lastmod });
  }
  return { index: await gzipAsync(indexDocument(base, listed)), files, stamp };
}

/**
 * The kinds are read side by side. A failing kind does not cut the others short: aborting a request the API
 * is answering gains little and leaves it a connection to clean up; each read is bounded by its timeouts.
 */
async function readCatalogue(apiUrl: string, signal: AbortSignal): Promise<Catalogue> {
  const readSignal = AbortSignal.any([signal, AbortSignal.timeout(BUILD_TIMEOUT_MS)]);
  const read = (kind: ListedKind) => readListed(kind, { apiUrl, signal: readSignal });
  const [products, brands, categories, users] = await Promise.all([read('products'), read('brands'), read('categories'), read('users')]);
  return { products, brands, categories, users };
}
