import Type from 'typebox';
import { Brand } from './brand.js';
import { Category } from './category.js';
import { ProductSummary } from './product.js';
import { PageQuery } from './schema-helpers.js';
import { PublicUser } from './user.js';

/** Brands, categories and users carry their products under products.data (spec section 3). */
const products = Type.Object({ data: Type.Array(ProductSummary) });

export const BrandWithProducts = Type.Object({ ...Brand.properties, products: Type.Optional(products) });
export type BrandWithProducts = Type.Static<typeof BrandWithProducts>;

export const CategoryWithProducts = Type.Object({ ...Category.properties, products: Type.Optional(products) });
export type CategoryWithProducts = Type.Static<typeof CategoryWithProducts>;

export const UserWithProducts = Type.Object({ ...PublicUser.properties, products: Type.Optional(products) });
export type UserWithProducts = Type.Static<typeof UserWithProducts>;

export const IncludeProductsQuery = Type.Object({
  ...PageQuery.properties,
  include: Type.Optional(Type.Literal('products')),
});
export type IncludeProductsQuery = Type.Static<typeof IncludeProductsQuery>;
