import { Category } from '@linkhunt/contracts/schemas/category';
import { FEATURED_CATEGORY_IMAGES } from '@linkhunt/contracts/limits';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { Message, Results, SlugParam, ValidationError } from '@linkhunt/contracts/schemas/common';
import { CategoryPageResponse, CategoryWithProducts, IncludeProductsQuery } from '@linkhunt/contracts/schemas/with-products';
import Type from 'typebox';
import type { App } from '../../app-types.js';
import { notFound } from '../../http-errors.js';
import { loadProductSummaries, visibleProductsOfCategory, withProductsPage } from '../products/product-repository.js';
import { findCategoryBySlug, listCategories, randomProductIdsByCategory } from './category-repository.js';

const tags = ['categories'];

export async function categoryRoutes(app: App): Promise<void> {
  app.get(
    '/categories',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'listCategories',
        summary: 'Every category',
        description: 'Names as stored (Spanish): clients show them in the page\'s language. Public, cached for a few seconds.',
        response: { 200: Results(Type.Array(Category)) },
      },
    },
    async () => ({ results: { data: await listCategories(app.db) } }),
  );

  app.get(
    '/categories/featured',
    {
      schema: {
        tags,
        operationId: 'listFeaturedCategories',
        summary: `Every category that has products, each with up to ${FEATURED_CATEGORY_IMAGES} of them picked at random`,
        description: 'Only visible products are picked, and a category without any is left out. Picked anew for every request, so never cached.',
        response: { 200: Results(Type.Array(CategoryWithProducts)) },
      },
    },
    async () => {
      const [categories, picks] = await Promise.all([listCategories(app.db), randomProductIdsByCategory(app.db, FEATURED_CATEGORY_IMAGES)]);
      const products = new Map((await loadProductSummaries(app.db, [...new Set(picks.map((p) => p.product_id))])).map((p) => [p.id, p]));
      const byCategory = new Map<number, ProductSummary[]>();
      for (const { category_id, product_id } of picks) {
        const product = products.get(product_id);
        if (product) byCategory.set(category_id, [...(byCategory.get(category_id) ?? []), product]);
      }
      const data = categories.flatMap((category) => {
        const list = byCategory.get(category.id);
        return list ? [{ ...category, products: { data: list } }] : [];
      });
      return { results: { data } };
    },
  );

  app.get(
    '/categories/slug/:slug',
    {
      config: { readCache: true },
      schema: {
        tags,
        operationId: 'getCategoryBySlug',
        summary: 'A category; with ?include=products, one page of its visible products, newest first',
        description: 'The products come 20 per page by default, with `meta.pagination`. 404 when no category has that slug. Public, cached for a few seconds.',
        params: SlugParam,
        querystring: IncludeProductsQuery,
        response: { 200: CategoryPageResponse, 404: Message, 422: ValidationError },
      },
    },
    async (request) => {
      const category = await findCategoryBySlug(app.db, request.params.slug);
      if (!category) throw notFound('catalogue.category_not_found');
      return withProductsPage(app.db, category, request.query, () => visibleProductsOfCategory(app.db, category.id));
    },
  );
}
