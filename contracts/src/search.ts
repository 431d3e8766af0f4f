export const SUGGESTION_LIMIT = 8;
/** Longer than any title prefix worth completing; more is refused with 422. */
export const SUGGEST_QUERY_MAX_LENGTH = 100;

/** The words of a search that are searched; a longer text query is searched by its start. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** A search may be a pasted agent or marketplace link, which finds the product listing that item; those run long. */
export const LINK_QUERY_MAX_LENGTH = 2000;

export type {
  SuggestQuery,
  SuggestResponse,
  Suggestion,
  SuggestionType,
} from './schemas/search.js';
