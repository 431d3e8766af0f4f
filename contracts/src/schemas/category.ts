import '../server-only.js';
import Type from 'typebox';

/** `name` is the Spanish label; clients show it in the page's language through `categoryNameIn` (category-names.ts). */
export const Category = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
});
export type Category = Type.Static<typeof Category>;
