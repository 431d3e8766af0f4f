import { SuggestQuery, SuggestResponse } from '@linkhunt/contracts/schemas/search';
import { ValidationError } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { requestLanguage } from '../../plugins/request-language.js';
import { suggest } from './suggest-repository.js';

const tags = ['search'];

export async function searchRoutes(app: App): Promise<void> {
  app.get(
    '/search/suggest',
    {
      // The categories' and colours' names depend on the language, which may come from Accept-Language.
      config: { readCache: 'per-language' },
      schema: {
        tags,
        operationId: 'listSearchSuggestions',
        summary: 'Up to 8 categories, known colours, brands and visible products whose names have a word starting with each typed word (accents and case ignored); '
          + 'categories and colours named in the visitor\'s language (`lng`, else Accept-Language), products as written; under 2 letters, an empty list',
        description: 'For the search box, as the visitor types: each suggestion has its type, a label to show and a slug (a colour\'s leads to a search for its label). '
          + 'Public, cached for a few seconds per URL and language.',
        querystring: SuggestQuery,
        response: { 200: SuggestResponse, 422: ValidationError },
      },
    },
    async (request) => ({ results: { data: await suggest(app.db, app.dialect, request.query.q, requestLanguage(request)) } }),
  );
}
