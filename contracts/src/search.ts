export const SUGGESTION_LIMIT = 8;
/** Longer than any title prefix worth completing; more is refused with 422. */
export const SUGGEST_QUERY_MAX_LENGTH = 100;

export type {
  SuggestQuery,
  SuggestResponse,
  Suggestion,
  SuggestionType,
} from './schemas/search.js';
