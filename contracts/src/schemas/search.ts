import '../server-only.js';
import Type from 'typebox';
import { SUGGEST_QUERY_MAX_LENGTH, SUGGESTION_LIMIT } from '../search.js';

/** A colour suggestion's `slug` is the key of a known colour (contracts/colours); it leads to a search for its label. */
export const SuggestionType = Type.Union([Type.Literal('product'), Type.Literal('brand'), Type.Literal('category'), Type.Literal('colour')]);
export type SuggestionType = Type.Static<typeof SuggestionType>;

export const Suggestion = Type.Object({
  type: SuggestionType,
  label: Type.String(),
  slug: Type.String(),
});
export type Suggestion = Type.Static<typeof Suggestion>;

/** `q` is required; under two letters and digits it answers an empty list (too little to suggest from). */
export const SuggestQuery = Type.Object({
  q: Type.String({ maxLength: SUGGEST_QUERY_MAX_LENGTH }),
  /** The visitor's language for category and colour names; without it, Accept-Language, then English. */
  lng: Type.Optional(Type.String({ maxLength: 10 })),
});
export type SuggestQuery = Type.Static<typeof SuggestQuery>;

export const SuggestResponse = Type.Object({ results: Type.Object({ data: Type.Array(Suggestion, { maxItems: SUGGESTION_LIMIT }) }) });
export type SuggestResponse = Type.Static<typeof SuggestResponse>;
