import { HOME_PATH, type ListedKind, listedPath, pageUrls, SITEMAP_KINDS, type SitemapKind } from './site-pages.ts';
import type { ListedEntry } from './sitemap-source.ts';
import { STATIC_PAGES } from './static-pages.ts';
import { type ChunkLimits, chunkUrls, type SitemapUrl, sitemapIndexDocument, urlsetDocument, w3cDate } from './sitemap-xml.ts';

/** Every listed page of the catalogue, by kind, as the API gave them. */
export type Catalogue = Record<ListedKind, readonly ListedEntry[]>;

export interface SitemapDocument {
  /** The file's name under /sitemaps/, such as products-2.xml. */
  name: string;
  xml: string;
  /** The newest lastmod of its URLs. */
  lastmod: string;
}

export const sitemapFileName = (kind: SitemapKind, n: number): string => `${kind}-${n}.xml`;
export const SITEMAP_FILE_PATTERN = new RegExp(`^(${SITEMAP_KINDS.join('|')})-[1-9][0-9]{0,5}\\.xml$`);

const newest = (dates: Iterable<string>): string | undefined => {
  let max: string | undefined;
  for (const date of dates) {
    const normal = w3cDate(date);
    if (max === undefined || normal > max) max = normal;
  }
  return max;
};

/**
 * Home, then the pages whose text ships with the shell. Home shows the newest products, brands and
 * users, so it changed when the newest listed page did.
 */
function staticUrls(base: string, catalogue: Catalogue): SitemapUrl[] {
  const revised = STATIC_PAGES.map((page) => page.revised);
  const listed = Object.values(catalogue).flatMap((entries) => entries.map((entry) => entry.lastmod));
  const home = newest(listed) ?? newest(revised);
  return [...(home ? pageUrls(base, HOME_PATH, home) : []), ...STATIC_PAGES.flatMap((page) => pageUrls(base, page.path, page.revised))];
}

function* urlsOf(kind: SitemapKind, base: string, catalogue: Catalogue, imageBase: string): Generator<SitemapUrl> {
  if (kind === 'static') {
    yield* staticUrls(base, catalogue);
    return;
  }
  for (const entry of catalogue[kind]) {
    const images = entry.images?.map((path) => `${imageBase}/${path.split('/').map(encodeURIComponent).join('/')}`);
    for (const url of pageUrls(base, listedPath(kind, entry.key), entry.lastmod)) yield images?.length ? { ...url, images } : url;
  }
}

/**
 * The sitemap files of every kind, one at a time so that only one file's text is held at once: kind by
 * kind, each cut at the limits. A kind with nothing to list has no file (an empty urlset is not valid). A
 * product's photos are listed with each of its language versions, at `imageBase` (where pages load them from).
 */
export function* sitemapDocuments(base: string, catalogue: Catalogue, limits: ChunkLimits, imageBase = `${base}/images`): Generator<SitemapDocument> {
  for (const kind of SITEMAP_KINDS) {
    let n = 0;
    for (const chunk of chunkUrls(urlsOf(kind, base, catalogue, imageBase.replace(/\/+$/, '')), limits)) {
      n += 1;
      yield { name: sitemapFileName(kind, n), xml: urlsetDocument(chunk.elements), lastmod: chunk.lastmod };
    }
  }
}

export function indexDocument(base: string, files: readonly { name: string; lastmod: string }[]): string {
  return sitemapIndexDocument(files.map((file) => ({ loc: `${base}/sitemaps/${file.name}`, lastmod: file.lastmod })));
}
