// Imported, then exported: a type re-export straight from the schema module reads as a runtime edge to the cycle lint.
import type {
  BrandPageResponse,
  BrandWithProducts,
  CategoryPageResponse,
  CategoryWithProducts,
  CheckResponse,
  IncludeProductsQuery,
  OwnUserWithProducts,
  ReceivedValoration,
  ReceivedValorationsPage,
  UserPageResponse,
  UserWithProducts,
} from './schemas/with-products.js';
export type {
  BrandPageResponse,
  BrandWithProducts,
  CategoryPageResponse,
  CategoryWithProducts,
  CheckResponse,
  IncludeProductsQuery,
  OwnUserWithProducts,
  ReceivedValoration,
  ReceivedValorationsPage,
  UserPageResponse,
  UserWithProducts,
};
