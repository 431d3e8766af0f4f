import Type from 'typebox';

/** `name` is the Spanish label; clients translate it through the key `category.{name}`. */
export const Category = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
});
export type Category = Type.Static<typeof Category>;
