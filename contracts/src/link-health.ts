import Type from 'typebox';
import { Nullable } from './schema-helpers.js';

/**
 * What the link checker last concluded about one store link: `ok` (a product page), `gone` (404/410, a
 * redirect to the platform's home, search or not-found page, a sold-out or removed page, or a redirect
 * off the platform), or `unknown` (not judged yet: inconclusive checks never change a verdict).
 */
export const LINK_VERDICTS = ['ok', 'gone', 'unknown'] as const;
export type LinkVerdict = (typeof LINK_VERDICTS)[number];
export const LinkVerdict = Type.Union([Type.Literal('ok'), Type.Literal('gone'), Type.Literal('unknown')]);

/**
 * A product's links together: `ok` every link works, `gone` every link is gone, `partly_gone` some are,
 * `unknown` none is gone and at least one is not judged yet.
 */
export const LinkState = Type.Union([Type.Literal('ok'), Type.Literal('partly_gone'), Type.Literal('gone'), Type.Literal('unknown')]);
export type LinkState = Type.Static<typeof LinkState>;

/** One store link's verdict and when it was reached (null: never judged). */
export const StoreLinkHealth = Type.Object({ state: LinkVerdict, checked_at: Nullable(Type.String()) });
export type StoreLinkHealth = Type.Static<typeof StoreLinkHealth>;

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
// Unsafe names the static type: a union built from a mapped array would be typed `never`.
export const LinkCheckReason = Type.Unsafe<LinkCheckReason>(Type.Union(LINK_CHECK_REASONS.map((reason) => Type.Literal(reason))));
