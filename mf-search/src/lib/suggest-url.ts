/** GET /search/suggest answers an empty list under two letters and digits: not worth a request. */
const MIN_SUGGEST_CHARS = 2;

/** Whether the API would have anything to suggest from `query` (only its letters and digits count). */
export const canSuggest = (query: string) => query.replace(/[^\p{L}\p{N}]+/gu, '').length >= MIN_SUGGEST_CHARS;

/**
 * GET /search/suggest for what was typed, with the page's language: categories and colours come named in it,
 * whatever Accept-Language the request carries (and the API's read cache keeps languages apart by this URL).
 */
export const suggestUrl = (query: string, language: string) => `/search/suggest?${new URLSearchParams({ q: query.trim(), lng: language })}`;
