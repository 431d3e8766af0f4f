import { SuggestQuery, SuggestResponse } from '@linkhunt/contracts/search';
import { ValidationError } from '@linkhunt/contracts/schema-helpers';
import type { App } from '../../app-types.js';
import { suggest } from './suggest-repository.js';

const tags = ['search'];

export async function searchRoutes(app: App): Promise<void> {
  app.get(
    '/search/suggest',
    {
      config: { readCache: true },
      schema: {
        tags,
        summary: 'Up to 8 categories, brands and visible products whose names have a word starting with each typed word (accents and case ignored); under 2 letters, an empty list',
        querystring: SuggestQuery,
        response: { 200: SuggestResponse, 422: ValidationError },
      },
    },
    async (request) => ({ results: { data: await suggest(app.db, app.dialect, request.query.q) } }),
  );
}
