import { slugify } from '../../features/products/slugs.js';
import {
  COLOURS, type CategorySlug, DEMO_BRANDS, DESCRIPTION_QUALITY, DESCRIPTION_SHIPPING, DESCRIPTION_SIZING, DESCRIPTION_TIPS,
  type DemoBrand, PRODUCT_KINDS, type ProductKind, type Shape, VARIOUS_BRAND,
} from './demo-catalogue.js';
import { type Pattern, patternNamedBy, patternsFor } from './demo-looks.js';
import type { Random } from './random.js';

export type Colour = (typeof COLOURS)[number];

/** The words of one product, before it has an owner, a date or a picture. */
export interface ProductDraft {
  title: string;
  description: string;
  kind: ProductKind;
  /** The phrase after the noun ("de algodón grueso"); it also picks the variant of the drawing. */
  detail: string;
  /** The fabric's pattern, which the title names when it is not plain. */
  pattern: Pattern;
  brand: DemoBrand;
  categories: CategorySlug[];
  /** The first one is the colour of the title and the picture. */
  colours: Colour[];
}

/** Shapes whose fabric a title describes as striped, dotted or checked; on shoes the stripes are a side band. */
const FABRIC: ReadonlySet<Shape> = new Set(['tshirt', 'hoodie', 'jacket', 'trousers', 'shorts', 'dress', 'skirt', 'cap', 'beanie', 'bag', 'backpack']);

function patternWords(shape: Shape, pattern: Pattern): string {
  switch (pattern) {
    case 'plain':
      return '';
    case 'block':
      return 'bicolor';
    case 'stripes':
      return FABRIC.has(shape) ? 'a rayas' : 'con franja lateral';
    case 'dots':
      return 'de lunares';
    case 'check':
      return 'a cuadros';
  }
}

/** "Camiseta básica entallada a rayas en azul marino": kind, detail, pattern (unless the detail already says it) and colour. */
export function productTitle(kind: ProductKind, detail: string, pattern: Pattern, colour: Colour): string {
  let words = patternNamedBy(detail) ? '' : patternWords(kind.shape, pattern);
  // "con cámara de aire y franja lateral", not "con cámara de aire con franja lateral".
  if (detail.startsWith('con ') && words.startsWith('con ')) words = `y ${words.slice(4)}`;
  return [kind.noun, detail, words, `en ${colour.name}`].filter(Boolean).join(' ');
}

/** The pattern a detail names when the drawing can show it; otherwise plain half the time, a print the other half. */
function pickPattern(rng: Random, shape: Shape, detail: string): Pattern {
  const allowed = patternsFor(shape);
  const named = patternNamedBy(detail);
  if (named && allowed.includes(named)) return named;
  const prints = allowed.filter((p) => p !== 'plain' && p !== named);
  return prints.length > 0 && rng.chance(0.5) ? rng.pick(prints) : 'plain';
}

function rotated<T>(items: readonly T[], first: T): T[] {
  const at = Math.max(0, items.indexOf(first));
  return [...items.slice(at), ...items.slice(0, at)];
}

/**
 * The nearest title nobody has yet: another detail of the same kind first, then another colour, then
 * another pattern. Never a number suffix; the words of a catalogue of a few hundred products never run out.
 */
function freeTitle(kind: ProductKind, detail: string, pattern: Pattern, colour: Colour, taken: ReadonlySet<string>): { detail: string; pattern: Pattern; colour: Colour } {
  for (const p of rotated(patternsFor(kind.shape), pattern)) {
    for (const c of rotated(COLOURS, colour)) {
      for (const d of rotated(kind.details, detail)) {
        const named = patternNamedBy(d);
        if (named && named !== p && patternsFor(kind.shape).includes(named)) continue;
        if (!taken.has(productTitle(kind, d, p, c))) return { detail: d, pattern: p, colour: c };
      }
    }
  }
  throw new Error(`every title of "${kind.noun}" is taken`);
}

/**
 * A kind, then a brand that sells it (mostly), colours and a description assembled from the phrase
 * lists. With `taken` (the titles so far, which gets this one), the title is one nobody has.
 */
export function draftProduct(rng: Random, brands: readonly DemoBrand[] = DEMO_BRANDS, taken?: Set<string>): ProductDraft {
  const kind = rng.pick(PRODUCT_KINDS);
  const main = kind.categories[0];
  const brand = rng.weighted(brands, (b) => (b === VARIOUS_BRAND ? 2 : main && b.focus.includes(main) ? 6 : 0.4));
  let colours = rng.sample(COLOURS, rng.weighted([1, 2, 3], (n) => (n === 1 ? 5 : n === 2 ? 3 : 1)));
  let detail = rng.pick(kind.details);
  let pattern = pickPattern(rng, kind.shape, detail);
  let title = productTitle(kind, detail, pattern, colours[0] as Colour);
  if (taken?.has(title)) {
    const free = freeTitle(kind, detail, pattern, colours[0] as Colour, taken);
    ({ detail, pattern } = free);
    colours = [free.colour, ...colours.filter((c) => c !== free.colour)].slice(0, colours.length);
    title = productTitle(kind, detail, pattern, free.colour);
  }
  taken?.add(title);
  const categories = kind.categories.filter((_, i) => i === 0 || rng.chance(0.6));

  const sentences = [rng.pick(kind.materials), rng.pick(DESCRIPTION_QUALITY), rng.pick(DESCRIPTION_SIZING)];
  if (rng.chance(0.6)) sentences.push(rng.pick(DESCRIPTION_SHIPPING));
  if (colours.length > 1) sentences.push(`Colores disponibles: ${colours.map((c) => c.name).join(', ')}.`);
  if (rng.chance(0.35)) sentences.push(rng.pick(DESCRIPTION_TIPS));
  return { title, description: sentences.join(' '), kind, detail, pattern, brand, categories, colours };
}

/** The upload slug of the title with a short suffix from the generator, as uploads get (the benchmark repeats titles). */
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

/** What a product of each category costs on the marketplaces, in yuan: the range a demo price is drawn from. */
const YUAN_RANGES: Record<CategorySlug, readonly [number, number]> = {
  'camisetas-y-tops': [39, 169],
  'pantalones-y-vaqueros': [79, 289],
  calzado: [149, 599],
  accesorios: [19, 249],
  'ropa-deportiva': [59, 259],
  'ropa-de-abrigo': [199, 799],
  'vestidos-y-faldas': [79, 319],
  sneakers: [179, 699],
};

/** Yuan per unit of the other currencies, near enough for prices that only need to look right. */
const YUAN_PER = { USD: 7.2, EUR: 7.8 } as const;

export interface DemoPrice {
  amountMinor: number;
  currency: 'CNY' | 'USD' | 'EUR';
}

/**
 * A plausible price for a product of `category`, or null for the share of products listed without one (15 %):
 * mostly in yuan, as the marketplaces show them (whole yuan ending in 9), some in dollars or euros (ending in .99).
 */
export function demoPrice(rng: Random, category: CategorySlug): DemoPrice | null {
  if (rng.chance(0.15)) return null;
  const [low, high] = YUAN_RANGES[category];
  // The square leans towards the cheaper end, as most finds are.
  const yuan = low + (high - low) * rng.next() ** 2;
  const currency = rng.weighted(['CNY', 'USD', 'EUR'] as const, (c) => ({ CNY: 7, USD: 2, EUR: 1 })[c]);
  if (currency === 'CNY') return { amountMinor: Math.max(9, Math.round(yuan / 10) * 10 - 1) * 100, currency };
  return { amountMinor: Math.max(1, Math.round(yuan / YUAN_PER[currency])) * 100 - 1, currency };
}
