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
        summary: 'Up to 8 categories, known colours, brands and visible products whose names have a word starting with each typed word (accents and case ignored); '
          + 'categories and colours named in the visitor\'s language (`lng`, else Accept-Language), products as written; under 2 letters, an empty list',
        querystring: SuggestQuery,
        response: { 200: SuggestResponse, 422: ValidationError },
      },
    },
    async (request) => ({ results: { data: await suggest(app.db, app.dialect, request.query.q, requestLanguage(request)) } }),
  );
}
