import { Brand } from '@linkhunt/contracts/brand';
import { DEFAULT_PER_PAGE } from '@linkhunt/contracts/limits';
import { Message, Results, SlugParam, ValidationError } from '@linkhunt/contracts/schema-helpers';
import { BrandPageResponse, IncludeProductsQuery } from '@linkhunt/contracts/with-products';
import Type from 'typebox';
import type { App } from '../../app-types.js';
import { notFound } from '../../http-errors.js';
import { pageOfProducts } from '../products/product-repository.js';
import { findBrandBySlug, listBrands, visibleProductsOfBrand } from './brand-repository.js';

const tags = ['brands'];

export async function brandRoutes(app: App): Promise<void> {
  app.get(
    '/brands',
    { config: { readCache: true }, schema: { tags, summary: 'Every brand by name, with its number of visible products', response: { 200: Results(Type.Array(Brand)) } } },
    async () => ({ results: { data: await listBrands(app.db) } }),
  );

  app.get(
    '/brands/slug/:slug',
    {
      config: { readCache: true },
      schema: {
        tags,
        summary: 'A brand; with ?include=products, one page of its visible products, newest first',
        params: SlugParam,
        querystring: IncludeProductsQuery,
        response: { 200: BrandPageResponse, 404: Message, 422: ValidationError },
      },
    },
    async (request) => {
      const brand = await findBrandBySlug(app.db, request.params.slug);
      if (!brand) throw notFound('Brand not found');
      const { include, page = 1, per_page: perPage = DEFAULT_PER_PAGE } = request.query;
      if (include !== 'products') return { results: { data: brand } };
      const { data, pagination } = await pageOfProducts(app.db, visibleProductsOfBrand(app.db, brand.id), page, perPage);
      return { results: { data: { ...brand, products: { data } }, meta: { pagination } } };
    },
  );
}
