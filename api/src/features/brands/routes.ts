import { Brand } from '@linkhunt/contracts/schemas/brand';
import { Message, Results, SlugParam, ValidationError } from '@linkhunt/contracts/schemas/common';
import { BrandPageResponse, IncludeProductsQuery } from '@linkhunt/contracts/schemas/with-products';
import Type from 'typebox';
import type { App } from '../../app-types.js';
import { notFound } from '../../http-errors.js';
import { withProductsPage } from '../products/product-repository.js';
import { findBrandBySlug, listBrands, visibleProductsOfBrand } from './brand-repository.js';

const tags = ['brands'];

export async function brandRoutes(app: App): Promise<void> {
  app.get(
    '/brands',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'listBrands',
        summary: 'Every brand by name, with its number of visible products',
        description: 'All of them in one answer, ordered by name regardless of case. Public, cached for a few seconds.',
        response: { 200: Results(Type.Array(Brand)) },
      },
    },
    async () => ({ results: { data: await listBrands(app.db) } }),
  );

  app.get(
    '/brands/slug/:slug',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'getBrandBySlug',
        summary: 'A brand; with ?include=products, one page of its visible products, newest first',
        description: 'The products come 20 per page by default, with `meta.pagination`. 404 when no brand has that slug. Public, cached for a few seconds.',
        params: SlugParam,
        querystring: IncludeProductsQuery,
        response: { 200: BrandPageResponse, 404: Message, 422: ValidationError },
      },
    },
    async (request) => {
      const brand = await findBrandBySlug(app.db, request.params.slug);
      if (!brand) throw notFound('catalogue.brand_not_found');
      return withProductsPage(app.db, brand, request.query, () => visibleProductsOfBrand(app.db, brand.id));
    },
  );
}
