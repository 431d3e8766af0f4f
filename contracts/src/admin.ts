import Type from 'typebox';
import { ProductSummary } from './product.js';
import { PagedResults } from './schema-helpers.js';

export const ReportedProduct = Type.Object({
  product: ProductSummary,
  open_reports: Type.Integer(),
  last_reported_at: Type.String(),
  reasons: Type.Array(Type.String()),
});
export type ReportedProduct = Type.Static<typeof ReportedProduct>;

export const AdminAction = Type.Union([Type.Literal('hide'), Type.Literal('unhide'), Type.Literal('dismiss')]);
export type AdminAction = Type.Static<typeof AdminAction>;

/** GET /admin/reports: products with open reports, most reported first. */
export const ReportedProductPage = PagedResults(Type.Array(ReportedProduct));
export type ReportedProductPage = Type.Static<typeof ReportedProductPage>;

/** The answer to hide, unhide and dismiss: what was done and the product as lists now show it. */
export const AdminActionResponse = Type.Object({
  message: Type.String(),
  results: Type.Object({ data: ProductSummary }),
});
export type AdminActionResponse = Type.Static<typeof AdminActionResponse>;
