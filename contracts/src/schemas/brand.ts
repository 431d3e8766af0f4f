import '../server-only.js';
import Type from 'typebox';
import { Nullable } from './common.js';

export const BrandRef = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  image: Nullable(Type.String()),
});
export type BrandRef = Type.Static<typeof BrandRef>;

export const Brand = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  image: Nullable(Type.String()),
  num_products: Type.Integer(),
});
export type Brand = Type.Static<typeof Brand>;
