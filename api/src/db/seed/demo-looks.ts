import { COLOURS, type Shape } from './demo-catalogue.js';
import { distance } from './demo-colour.js';
import type { Random } from './random.js';

/**
 * What makes one demo picture unlike the others: the colours, the fabric's pattern, the small details
 * and where the object stands in the frame. Chosen from the seed, so the same seed draws the same
 * catalogue.
 */

export type Pattern = 'plain' | 'stripes' | 'block' | 'dots' | 'check';
export type Mark = 'none' | 'disc' | 'triangle' | 'diamond' | 'wave' | 'bars' | 'leaf';

export const MARKS: readonly Mark[] = ['none', 'disc', 'triangle', 'diamond', 'wave', 'bars', 'leaf'];

export interface ProductLook {
  /** The main colour, the one the title names. */
  colour: string;
  /** Trim, stripes, sole, logo. */
  accent: string;
  pattern: Pattern;
  mark: Mark;
  pocket: boolean;
  /** Degrees; only the objects that stand on the floor lean. */
  tilt: number;
  /** Horizontal offset in pixels of the 600 px frame. */
  shift: number;
}

/** Patterns each object can wear: fabrics take prints; shoes and hard accessories only colour blocks or stripes. */
const PATTERNS: Record<Shape, readonly Pattern[]> = {
  tshirt: ['plain', 'stripes', 'block', 'dots', 'check'],
  hoodie: ['plain', 'stripes', 'block'],
  jacket: ['plain', 'block', 'check'],
  trousers: ['plain', 'stripes', 'check'],
  shorts: ['plain', 'stripes', 'block', 'check'],
  dress: ['plain', 'stripes', 'block', 'dots', 'check'],
  skirt: ['plain', 'stripes', 'dots', 'check'],
  sneaker: ['plain', 'block', 'stripes'],
  boot: ['plain', 'block'],
  shoe: ['plain', 'block'],
  cap: ['plain', 'block', 'check'],
  beanie: ['plain', 'stripes', 'block'],
  bag: ['plain', 'block', 'stripes'],
  backpack: ['plain', 'block'],
  // The title names the frame's, strap's or leather's colour; a second one would contradict it.
  glasses: ['plain'],
  watch: ['plain'],
  belt: ['plain'],
};

export function patternsFor(shape: Shape): readonly Pattern[] {
  return PATTERNS[shape];
}

/** Words of a title that already say what the fabric looks like; the picture then has to agree. */
export function patternNamedBy(words: string): Pattern | null {
  if (/rayas/i.test(words)) return 'stripes';
  if (/cuadros/i.test(words)) return 'check';
  if (/floral|lunares|estampada/i.test(words)) return 'dots';
  if (/multicolor|contraste|bicolor/i.test(words)) return 'block';
  return null;
}

/** Objects photographed standing on the floor; garments hang straight, as on an invisible mannequin. */
const STANDING: ReadonlySet<Shape> = new Set(['sneaker', 'boot', 'shoe', 'glasses', 'watch', 'belt']);

/** Second colours: the catalogue's own, plus the off-white and charcoal that trims usually are. */
const ACCENTS: readonly string[] = [...COLOURS.map((c) => c.hex), '#ffffff', '#111827', '#e5e7eb'];

function accentFor(rng: Random, colour: string): string {
  const apart = ACCENTS.filter((a) => distance(a, colour) > 150);
  return rng.pick(apart.length > 0 ? apart : ACCENTS);
}

/** A look for one product, all of it from the seed. Whether another product already looks the same is the drawing's to say. */
export function pickLook(rng: Random, shape: Shape, colour: string, pattern: Pattern): ProductLook {
  const standing = STANDING.has(shape);
  return {
    colour,
    accent: accentFor(rng, colour),
    pattern,
    mark: rng.pick(MARKS),
    pocket: rng.chance(0.4),
    tilt: standing ? Math.round((rng.next() * 8 - 4) * 10) / 10 : 0,
    shift: rng.int(-14, 14),
  };
}
