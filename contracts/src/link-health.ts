/**
 * What the link checker last concluded about one store link: `ok` (a product page), `gone` (404/410, a
 * redirect to the platform's home, search or not-found page, a sold-out or removed page, or a redirect
 * off the platform), or `unknown` (not judged yet: inconclusive checks never change a verdict).
 */
export const LINK_VERDICTS = ['ok', 'gone', 'unknown'] as const;
export type LinkVerdict = (typeof LINK_VERDICTS)[number];

export type { LinkState, StoreLinkHealth } from './schemas/link-health.js';

/** Cards show the "verified" mark for links seen working this recently. */
export const VERIFIED_MARK_DAYS = 7;

/**
 * Why one check ended as it did. ok: product_page. gone: not_found (404/410), redirect_home,
 * redirect_search, redirect_not_found, sold_out, removed, foreign_redirect. unknown: timeout,
 * server_error (5xx), rate_limited (429), too_many_redirects, network_error, unrecognised_page (a page no rule judges),
 * unexpected_status (another 3xx/4xx), private_address (the host resolved to a loopback, private or other
 * non-public address: the checker does not connect there).
 */
export const LINK_CHECK_REASONS = [
  'product_page',
  'not_found',
  'redirect_home',
  'redirect_search',
  'redirect_not_found',
  'sold_out',
  'removed',
  'foreign_redirect',
  'timeout',
  'server_error',
  'rate_limited',
  'too_many_redirects',
  'network_error',
  'unrecognised_page',
  'unexpected_status',
  'private_address',
] as const;
export type LinkCheckReason = (typeof LINK_CHECK_REASONS)[number];
