/**
 * The query parameters each page reads while it renders, by its path in REMOTE_ROUTES (under /{lang}). The
 * server renders and caches a page with these parameters only: any other (`?z=…`, `utm_…`, the user page's
 * `ref=share`, which the browser reads after hydration) changes nothing on the page, so it must not make a new
 * render either. A page missing here reads none. A page that reads a new parameter must list it here, or the
 * server renders it without (page-queries.test.ts checks the listing pages against readListingParams).
 */
export interface PageQuery {
  /** The names the page reads, in the order kept in the cache key. */
  params: readonly string[];
  /** Its URL carries a secret (a mailed token): never kept by any cache, the server's included. */
  private?: boolean;
}

/** What readListingParams (shared-ui/features/listing/listing-params.ts) reads. */
export const LISTING_PARAMS = ['q', 'literal', 'sort', 'category', 'brand', 'platform', 'color', 'min_rating'] as const;

const listing: PageQuery = { params: LISTING_PARAMS };
// mf-admin's admin-query.ts: the console's filters and page.
const reports: PageQuery = { params: ['reason', 'page'] };
const mailed: PageQuery = { params: ['token'], private: true };

export const PAGE_QUERIES: Readonly<Record<string, PageQuery>> = {
  'cat/:category': listing,
  'brand/:slug': listing,
  search: listing,
  'verify-email': mailed,
  'reset-password': mailed,
  admin: reports,
  'admin/reports': reports,
  'admin/users': { params: ['q', 'status', 'page'] },
  'admin/audit': { params: ['action', 'actor', 'target_type', 'target_id', 'page'] },
  'admin/platform': { params: ['remote'] },
};

const NONE: PageQuery = { params: [] };

/** The declared query of the page at `rest`, the path after its language (`cat/sneakers`). */
export function pageQueryOf(rest: string): PageQuery {
  const segments = rest.split('/').filter(Boolean);
  for (const [path, query] of Object.entries(PAGE_QUERIES)) {
    const pattern = path.split('/');
    if (pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') || part === segments[i])) return query;
  }
  return NONE;
}

/**
 * The page's URL as it renders: its path, and of its query only the parameters it reads, in their order of
 * declaration (each name's values in the order given). `search` is the URL's `?…` or ''.
 */
export function canonicalPageUrl(pathname: string, search: string): { url: string; private: boolean } {
  const rest = pathname.split('/').filter(Boolean).slice(1).join('/');
  const declared = pageQueryOf(rest);
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of declared.params) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return { url: query === '' ? pathname : `${pathname}?${query}`, private: declared.private === true };
}
