import type { ColourLanguage } from './colours.ts';

/**
 * The catalogue's categories (spec section 3) in the site's five languages, keyed by the Spanish name the API
 * stores and answers (Spanish is the catalogue's content language). Clients show a category in the page's
 * language with it, and the API's search finds a category by any of its names. A category not listed here (one
 * an operator added later) shows its stored name in every language.
 */
export const CATEGORY_NAMES: Readonly<Record<string, Readonly<Record<ColourLanguage, string>>>> = {
  'Camisetas y Tops': { es: 'Camisetas y Tops', en: 'T-shirts & Tops', de: 'T-Shirts & Tops', it: 'T-shirt e top', fr: 'T-shirts et hauts' },
  'Pantalones y Vaqueros': { es: 'Pantalones y Vaqueros', en: 'Trousers & Jeans', de: 'Hosen & Jeans', it: 'Pantaloni e jeans', fr: 'Pantalons et jeans' },
  Calzado: { es: 'Calzado', en: 'Footwear', de: 'Schuhe', it: 'Calzature', fr: 'Chaussures' },
  Accesorios: { es: 'Accesorios', en: 'Accessories', de: 'Accessoires', it: 'Accessori', fr: 'Accessoires' },
  'Ropa Deportiva': { es: 'Ropa Deportiva', en: 'Sportswear', de: 'Sportbekleidung', it: 'Abbigliamento sportivo', fr: 'Vêtements de sport' },
  'Ropa de Abrigo': { es: 'Ropa de Abrigo', en: 'Outerwear', de: 'Jacken & Mäntel', it: 'Capispalla', fr: 'Manteaux et vestes' },
  'Vestidos y Faldas': { es: 'Vestidos y Faldas', en: 'Dresses & Skirts', de: 'Kleider & Röcke', it: 'Abiti e gonne', fr: 'Robes et jupes' },
  Sneakers: { es: 'Sneakers', en: 'Sneakers', de: 'Sneaker', it: 'Sneakers', fr: 'Baskets' },
};

/** A category's name (as stored, in Spanish) in `language`; a category without translations keeps its name. */
export function categoryNameIn(name: string, language: string): string {
  return CATEGORY_NAMES[name]?.[language as ColourLanguage] ?? name;
}
