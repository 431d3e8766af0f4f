/** Why a product is reported (EU DSA Art. 16 notice); broken_link is the spec's report and the default. */
export const REPORT_REASONS = ['broken_link', 'wrong_product', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX_LENGTH = 2000;
/** An `illegal` notice must explain why: at least this many characters of details. */
export const ILLEGAL_DETAILS_MIN_LENGTH = 20;

export const PRODUCT_FILE_FIELDS = ['image'] as const;
/** The repeated file fields of the product form, and of a review sent as a form. */
export const PRODUCT_FILE_LIST_FIELDS = ['photos'] as const;

export type {
  CategoryParam,
  DownloadResponse,
  DownloadResult,
  DuplicateProduct,
  FavouriteResponse,
  FavouritesPage,
  ModerationNotice,
  OwnProduct,
  OwnProductPage,
  Product,
  ProductFormFields,
  ProductLinks,
  ProductSlugQuery,
  ProductSummary,
  ProductUpdateFields,
  Rating,
  ReportRequest,
  ReportResponse,
  SearchParam,
  Valoration,
  ValorationRequest,
  ValorationResponse,
} from './schemas/product.js';
