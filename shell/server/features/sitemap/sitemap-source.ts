import type { Pagination } from '@linkhunt/contracts/common';
import { SITEMAP_MAX_PER_PAGE, type SitemapPageQuery, type SitemapSlugPage, type SitemapUserPage } from '@linkhunt/contracts/sitemap';
import type { ListedKind } from './site-pages.ts';

/** One listed page as the API gives it: its slug (or username), when it last changed, and a product's photos. */
export interface ListedEntry {
  key: string;
  lastmod: string;
  /** Image paths (relative to the site's image address), cover first; products only. */
  images?: readonly string[];
}

export interface ReadOptions {
  /** The API's base URL. */
  apiUrl: string;
  /** Ends the whole read (the plugin closing, or the build taking too long). */
  signal: AbortSignal;
  perPage?: number;
  /** Per request: a page that does not come within this is a failed read. */
  requestTimeoutMs?: number;
}

/** The API could not be read, or answered something other than its documented shape. */
export class SitemapSourceError extends Error {
  override name = 'SitemapSourceError';
}

const KEY_FIELD = { products: 'slug', brands: 'slug', categories: 'slug', users: 'username' } as const satisfies Record<ListedKind, string>;
/** The API refuses pages past this (contracts' SitemapPageQuery). */
const MAX_PAGE = 100_000;

/**
 * Every entry of one kind, read a page at a time (GET /sitemap/{kind}) until the last page. The API lists
 * by id, so pages read while the catalogue changes still fit together: at worst a product hidden meanwhile
 * shifts the later pages and one entry is read twice (dropped here) or missed until the next build.
 */
export async function readListed(kind: ListedKind, options: ReadOptions): Promise<ListedEntry[]> {
  const perPage = options.perPage ?? SITEMAP_MAX_PER_PAGE;
  const byKey = new Map<string, ListedEntry>();
  for (let page = 1; page <= MAX_PAGE; page++) {
    const { entries, pagination } = await readPage(kind, { page, per_page: perPage }, options);
    for (const entry of entries) if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
    if (entries.length === 0 || page >= pagination.total_pages) break;
  }
  return [...byKey.values()];
}

async function readPage(kind: ListedKind, query: Required<SitemapPageQuery>, options: ReadOptions) {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/sitemap/${kind}?page=${query.page}&per_page=${query.per_page}`;
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.requestTimeoutMs ?? 15_000)]);
  let body: unknown;
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
    if (response.status !== 200) throw new SitemapSourceError(`GET ${url} answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof SitemapSourceError) throw error;
    throw new SitemapSourceError(`GET ${url} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const page = checkedPage(body, KEY_FIELD[kind]);
  if (!page) throw new SitemapSourceError(`GET ${url} answered a body that is not a sitemap page`);
  return page;
}

type AnyPage = SitemapSlugPage | SitemapUserPage;

/**
 * The page's entries when the body has the documented shape (contracts/src/schemas/sitemap.ts), else null: a proxy's
 * error page or a half-deployed API must fail the build, which keeps the last good sitemaps, rather than
 * publish a broken one.
 */
function checkedPage(body: unknown, keyField: 'slug' | 'username'): { entries: ListedEntry[]; pagination: Pagination } | null {
  const results = (body as Partial<AnyPage> | null)?.results;
  const data: unknown = results?.data;
  const pagination = results?.meta?.pagination;
  if (!Array.isArray(data) || !Number.isInteger(pagination?.total_pages) || !pagination) return null;
  const entries: ListedEntry[] = [];
  for (const item of data as Record<string, unknown>[]) {
    const key = item?.[keyField];
    const lastmod = item?.lastmod;
    if (typeof key !== 'string' || key === '' || typeof lastmod !== 'string' || Number.isNaN(Date.parse(lastmod))) return null;
    const images: unknown = item.images;
    if (images === undefined) entries.push({ key, lastmod });
    else if (Array.isArray(images) && images.every((path) => typeof path === 'string' && path !== '')) entries.push({ key, lastmod, images: images as string[] });
    else return null;
  }
  return { entries, pagination };
}
