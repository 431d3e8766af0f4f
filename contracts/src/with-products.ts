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
} from './schemas/with-products.js';
