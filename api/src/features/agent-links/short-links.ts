import { request, type Dispatcher } from 'undici';
import { browserHeaders, decode, drain, guardedDispatcher, MAX_REDIRECTS, onPlatform, readCapped, redirectTarget } from '../link-health/check-link.js';
import { hostAllowed } from '../link-health/store-links.js';
import { parseSourceItem, type ParsedLink } from './source-item.js';

/** The item a short link stands for, and whose link it led to. */
export type ResolvedShortLink = Omit<Extract<ParsedLink, { ok: true }>, 'ok'>;

export interface ShortLinkOptions {
  /** The short-link hosts the server may fetch (`*.x` for subdomains). */
  allowlist: readonly string[];
  /** The budget of the whole resolution, redirects included. */
  timeoutMs: number;
  userAgent: string;
  /** Where requests go; by default the link checker's, which connects only to public addresses. */
  dispatcher?: Dispatcher;
}

/** Taobao's share page names the item in its script (`var url = '…'`), not in a redirect; it sits near the top. */
const PAGE_BYTES = 64 * 1024;
const LINKS_IN_PAGE = /https?:(?:\/|\\\/){2}[^\s"'<>`]+/g;

export function isShortLinkHost(host: string, allowlist: readonly string[]): boolean {
  return hostAllowed(host.toLowerCase(), allowlist);
}

/**
 * Follows a short link to the item it stands for: at most five redirects, each to an allowlisted short-link host
 * (fetched) or to an agent or marketplace link (read, not fetched). A page that answers 200 is searched for the
 * first item link in it. Null when no item is found in time, or the link leads anywhere else.
 */
export async function resolveShortLink(link: URL, options: ShortLinkOptions): Promise<ResolvedShortLink | null> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // Raced rather than left to the signal alone, as in check-link.ts: a handshake that never ends ignores the signal.
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, options.timeoutMs);
  });
  try {
    return await Promise.race([follow(link, options, controller.signal).catch(() => null), deadline]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

async function follow(start: URL, options: ShortLinkOptions, signal: AbortSignal): Promise<ResolvedShortLink | null> {
  let current = start;
  for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
    if (!onPlatform(current, options.allowlist)) return null;
    const response = await request(current, {
      method: 'GET',
      headers: browserHeaders(options.userAgent),
      signal,
      dispatcher: options.dispatcher ?? guardedDispatcher(),
    });
    if (response.statusCode >= 300 && response.statusCode < 400) {
      await drain(response.body);
      const target = redirectTarget(response.headers.location, current);
      if (target === null) return null;
      const parsed = parseSourceItem(target.href);
      if (parsed.ok) return { item: parsed.item, from: parsed.from };
      current = target;
      continue;
    }
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await drain(response.body);
      return null;
    }
    const page = decode(await readCapped(response.body, PAGE_BYTES), response.headers['content-type']);
    return firstItemIn(page);
  }
  return null;
}

/** The first agent or marketplace item link written in a page, JSON's `\/` escapes and HTML's `&amp;` undone. */
export function firstItemIn(page: string): ResolvedShortLink | null {
  for (const [found] of page.matchAll(LINKS_IN_PAGE)) {
    const parsed = parseSourceItem(found.replaceAll('\\/', '/').replaceAll('&amp;', '&'));
    if (parsed.ok) return { item: parsed.item, from: parsed.from };
  }
  return null;
}
