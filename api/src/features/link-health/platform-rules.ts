import type { Store } from '@linkhunt/contracts/limits';
import type { LinkCheckReason, LinkVerdict } from '@linkhunt/contracts/link-health';

/**
 * What marks a page of one platform as its home, search or not-found page (by path) or as a sold-out,
 * removed or live product page (by its HTML). Paths are matched against the lower-cased pathname.
 */
export interface PlatformRules {
  homePaths: readonly RegExp[];
  searchPaths: readonly RegExp[];
  notFoundPaths: readonly RegExp[];
  soldOut: readonly RegExp[];
  removed: readonly RegExp[];
  productPage: readonly RegExp[];
}

export type PathReason = Extract<LinkCheckReason, 'redirect_home' | 'redirect_search' | 'redirect_not_found'>;

export interface PageJudgement {
  result: LinkVerdict;
  reason: LinkCheckReason;
}

const HOME_PATHS = [/^\/$/, /^\/index(?:\.(?:html?|php|aspx?))?$/, /^\/home\/?$/];
// A bare /s is a search endpoint (/s?k=…); /s/<token> is left alone, as short share links use that shape.
const SEARCH_PATHS = [/^\/search(?:[/.]|$)/, /^\/s\/?$/];
const NOT_FOUND_PATHS = [/^\/(?:404|not-?found|page-?not-?found)(?:\.html?|\/|$)/, /^\/error(?:\.html?|\/|$)/];

// Sold-out and removed markers are statements about the page's own item: a bare "sold out" would also fire
// on a live page where one size, or an item among the recommendations, has sold out.
const SOLD_OUT = [
  /"availability"\s*:\s*"(?:https?:\/\/schema\.org\/)?(?:OutOfStock|SoldOut)"/i,
  /<(?:link|meta)\b(?=[^>]*\bitemprop\s*=\s*["']availability["'])(?=[^>]*\b(?:href|content)\s*=\s*["'](?:https?:\/\/schema\.org\/)?(?:OutOfStock|SoldOut)["'])[^>]*>/i,
  /<meta\b(?=[^>]*\bproperty\s*=\s*["'](?:og|product):availability["'])(?=[^>]*\bcontent\s*=\s*["'](?:out of stock|oos|sold out)["'])[^>]*>/i,
  /<title\b[^>]*>[^<]*(?:sold[\s-]out|out of stock|agotad[oa]|ausverkauft|esaurit[oa]|épuisée?|售罄)[^<]*<\/title>/iu,
  /<button\b[^>]*>\s*(?:sold out|out of stock|agotado|ausverkauft|esaurito|épuisé|已售罄)\s*<\/button>/iu,
  /\b(?:this|the) (?:item|product) is (?:currently )?(?:sold out|out of stock)/i,
  /\b(?:este|el) (?:artículo|producto) (?:está|se ha) agotado/iu,
  /\b(?:dieser|der) artikel ist (?:leider )?ausverkauft/iu,
  /\b(?:questo|il) (?:articolo|prodotto) è esaurito/iu,
  /\b(?:cet article|ce produit) est épuisé/iu,
  /(?:该商品|商品)已售罄/u,
];

const REMOVED = [
  /"availability"\s*:\s*"(?:https?:\/\/schema\.org\/)?Discontinued"/i,
  /\b(?:this|the) (?:item|product) is no longer available/i,
  /\b(?:item|product) has been (?:removed|deleted|taken down)/i,
  /\b(?:este|el) (?:artículo|producto) ya no está disponible/iu,
  /\b(?:dieser|der) artikel ist nicht mehr verfügbar/iu,
  /\b(?:questo|il) (?:articolo|prodotto) non è più disponibile/iu,
  /\b(?:cet article|ce produit) n['’]est plus disponible/iu,
  /(?:该商品|商品)已下架/u,
  // A soft 404: the store answers 200 with its not-found page at the product's own address.
  /<title\b[^>]*>[^<]*(?:page not found|404 not found|página no encontrada|seite nicht gefunden|pagina non trovata|page introuvable)[^<]*<\/title>/iu,
];

const PRODUCT_PAGE = [
  /<meta\b(?=[^>]*\bproperty\s*=\s*["']og:type["'])(?=[^>]*\bcontent\s*=\s*["'](?:og:)?product(?:\.item|\.group)?["'])[^>]*>/i,
  /"@type"\s*:\s*(?:\[\s*)?"(?:https?:\/\/schema\.org\/)?Product"/,
  /\bitemtype\s*=\s*["']https?:\/\/schema\.org\/Product["']/i,
];

/**
 * Per platform, the shared rules and the platform's own. Platform-specific markers name the ids their
 * product pages carry in inline data (goods id, DHGate item code, CNFans source shop type).
 */
export const PLATFORM_RULES: Record<Store, PlatformRules> = {
  hacoo: {
    homePaths: HOME_PATHS,
    searchPaths: SEARCH_PATHS,
    notFoundPaths: NOT_FOUND_PATHS,
    soldOut: SOLD_OUT,
    removed: REMOVED,
    productPage: [...PRODUCT_PAGE, /["']?\bgoods_?id["']?\s*[:=]\s*["']?\d{4,}/i],
  },
  dhgate: {
    homePaths: HOME_PATHS,
    searchPaths: [...SEARCH_PATHS, /^\/wholesale(?:\/|$)/],
    notFoundPaths: NOT_FOUND_PATHS,
    soldOut: SOLD_OUT,
    removed: [...REMOVED, /\bsorry,\s*this item is no longer available/i],
    productPage: [...PRODUCT_PAGE, /["']?\bitem_?code["']?\s*[:=]\s*["']?\d{6,}/i],
  },
  cnfans: {
    homePaths: HOME_PATHS,
    searchPaths: SEARCH_PATHS,
    notFoundPaths: NOT_FOUND_PATHS,
    soldOut: SOLD_OUT,
    removed: [...REMOVED, /\bproduct not found\b/i, /商品不存在/u],
    productPage: [...PRODUCT_PAGE, /["']?\bshop_?type["']?\s*[:=]\s*["']?(?:taobao|weidian|1688|tmall)\b/i],
  },
};

const matches = (patterns: readonly RegExp[], text: string): boolean => patterns.some((pattern) => pattern.test(text));

/** A redirect to the platform's home, search or not-found page means the product is gone; null for any other path. */
export function classifyRedirectTarget(platform: Store, url: URL): PathReason | null {
  const rules = PLATFORM_RULES[platform];
  const path = url.pathname.toLowerCase();
  if (matches(rules.homePaths, path)) return 'redirect_home';
  if (matches(rules.searchPaths, path)) return 'redirect_search';
  if (matches(rules.notFoundPaths, path)) return 'redirect_not_found';
  return null;
}

/**
 * Judges a page the store answered 2xx with, at `url` (where redirects ended). The path comes first (home and
 * search pages list products of their own), then gone markers, which beat product markers because a sold-out
 * page keeps its product metadata. A page no rule recognises (a script shell) stays unknown.
 */
export function classifyPage(platform: Store, url: URL, body: string): PageJudgement {
  const rules = PLATFORM_RULES[platform];
  const pathReason = classifyRedirectTarget(platform, url);
  if (pathReason !== null) return { result: 'gone', reason: pathReason };
  if (matches(rules.soldOut, body)) return { result: 'gone', reason: 'sold_out' };
  if (matches(rules.removed, body)) return { result: 'gone', reason: 'removed' };
  if (matches(rules.productPage, body)) return { result: 'ok', reason: 'product_page' };
  return { result: 'unknown', reason: 'unrecognised_page' };
}
