import '../server-only.js';
import Type from 'typebox';
import { Brand } from './brand.js';
import { Category } from './category.js';
import { ContentLanguageSchema, ProductSummary, Valoration } from './product.js';
import { PagedResults, PageQuery, Pagination } from './common.js';
import { OwnUser, PublicUser } from './user.js';

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

/** A user's page: with ?include=products, one page of their visible products, newest first, and its position. */
export const UserPageResponse = Type.Object({
  results: Type.Object({ data: UserWithProducts, meta: Type.Optional(Type.Object({ pagination: Pagination })) }),
});
export type UserPageResponse = Type.Static<typeof UserPageResponse>;

export const OwnUserWithProducts = Type.Object({ ...OwnUser.properties, products: Type.Optional(products) });
export type OwnUserWithProducts = Type.Static<typeof OwnUserWithProducts>;

/**
 * GET /auth/check. With ?include=products the user's own products (hidden ones too, for "my products"),
 * newest first, one page at a time, with the page's position under user.meta.pagination.
 */
export const CheckResponse = Type.Object({
  status: Type.Literal('success'),
  user: Type.Object({ data: OwnUserWithProducts, meta: Type.Optional(Type.Object({ pagination: Pagination })) }),
});
export type CheckResponse = Type.Static<typeof CheckResponse>;

/** GET /brands/slug/{slug}: with ?include=products, one page of the brand's visible products, newest first, and its position. */
export const BrandPageResponse = Type.Object({
  results: Type.Object({ data: BrandWithProducts, meta: Type.Optional(Type.Object({ pagination: Pagination })) }),
});
export type BrandPageResponse = Type.Static<typeof BrandPageResponse>;

/** GET /categories/slug/{slug}: with ?include=products, one page of the category's visible products, newest first, and its position. */
export const CategoryPageResponse = Type.Object({
  results: Type.Object({ data: CategoryWithProducts, meta: Type.Optional(Type.Object({ pagination: Pagination })) }),
});
export type CategoryPageResponse = Type.Static<typeof CategoryPageResponse>;

/** A review of one of a user's products, with the product it is about. */
export const ReceivedValoration = Type.Object({
  ...Valoration.properties,
  product: Type.Object({ id: Type.Integer(), slug: Type.String(), title: Type.String(), language: ContentLanguageSchema, thumbnail: Type.String() }),
});
export type ReceivedValoration = Type.Static<typeof ReceivedValoration>;

/** GET /users/username/{username}/valorations: the reviews of the user's visible products, newest first, a page at a time. */
export const ReceivedValorationsPage = PagedResults(Type.Array(ReceivedValoration));
export type ReceivedValorationsPage = Type.Static<typeof ReceivedValorationsPage>;
