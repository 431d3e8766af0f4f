import Type from 'typebox';
import { ProductSummary } from './product.js';

export const ReportedProduct = Type.Object({
  product: ProductSummary,
  open_reports: Type.Integer(),
  last_reported_at: Type.String(),
  reasons: Type.Array(Type.String()),
});
export type ReportedProduct = Type.Static<typeof ReportedProduct>;

export const AdminAction = Type.Union([Type.Literal('hide'), Type.Literal('unhide'), Type.Literal('dismiss')]);
export type AdminAction = Type.Static<typeof AdminAction>;
