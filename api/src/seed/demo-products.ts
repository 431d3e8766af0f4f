import { slugify } from '../features/products/slugs.js';
import {
  COLOURS, type CategorySlug, DEMO_BRANDS, DESCRIPTION_QUALITY, DESCRIPTION_SHIPPING, DESCRIPTION_SIZING, DESCRIPTION_TIPS,
  type DemoBrand, PRODUCT_KINDS, type ProductKind, VARIOUS_BRAND,
} from './demo-catalogue.js';
import type { Random } from './random.js';

export type Colour = (typeof COLOURS)[number];

/** The words of one product, before it has an owner, a date or a picture. */
export interface ProductDraft {
  title: string;
  description: string;
  kind: ProductKind;
  brand: DemoBrand;
  categories: CategorySlug[];
  colours: Colour[];
}

/** A kind, then a brand that sells it (mostly), colours and a description assembled from the phrase lists. */
export function draftProduct(rng: Random, brands: readonly DemoBrand[] = DEMO_BRANDS): ProductDraft {
  const kind = rng.pick(PRODUCT_KINDS);
  const main = kind.categories[0];
  const brand = rng.weighted(brands, (b) => (b === VARIOUS_BRAND ? 2 : main && b.focus.includes(main) ? 6 : 0.4));
  const colours = rng.sample(COLOURS, rng.weighted([1, 2, 3], (n) => (n === 1 ? 5 : n === 2 ? 3 : 1)));
  const first = colours[0] as Colour;
  const detail = rng.chance(0.85) ? ` ${rng.pick(kind.details)}` : '';
  const colourWords = rng.chance(0.5) ? ` en ${first.name}` : '';
  const title = `${kind.noun}${detail}${colourWords}`;
  const categories = kind.categories.filter((_, i) => i === 0 || rng.chance(0.6));

  const sentences = [rng.pick(kind.materials), rng.pick(DESCRIPTION_QUALITY), rng.pick(DESCRIPTION_SIZING)];
  if (rng.chance(0.6)) sentences.push(rng.pick(DESCRIPTION_SHIPPING));
  if (colours.length > 1) sentences.push(`Colores disponibles: ${colours.map((c) => c.name).join(', ')}.`);
  if (rng.chance(0.35)) sentences.push(rng.pick(DESCRIPTION_TIPS));
  return { title, description: sentences.join(' '), kind, brand, categories, colours };
}

/** The upload slug of the title with a short suffix from the generator, so repeated titles stay unique. */
export function slugFor(title: string, rng: Random): string {
  return `${slugify(title)}-${rng.token(6)}`;
}

export interface StoreLinks {
  hacoo: string;
  dhgate: string | null;
  cnfans: string | null;
}

/** Links on each platform's real hosts; about a third of the products are also on DHGate or CNFans. */
export function storeLinks(rng: Random, slug: string): StoreLinks {
  const hacoo = rng.chance(0.7)
    ? `https://www.hacoo.com/product/${rng.int(100_000_000, 999_999_999)}`
    : `https://hacoo.app.link/${rng.token(11)}`;
  const dhgate = rng.chance(0.35)
    ? `https://www.dhgate.com/product/${slug.replace(/-[a-z0-9]+$/, '')}/${rng.int(800_000_000, 999_999_999)}.html`
    : null;
  const cnfans = rng.chance(0.3)
    ? `https://cnfans.com/product/?shop_type=${rng.pick(['weidian', 'taobao', 'ali_1688'])}&id=${rng.int(1_000_000_000, 9_999_999_999)}`
    : null;
  return { hacoo, dhgate, cnfans };
}
