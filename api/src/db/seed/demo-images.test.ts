import { describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES, PRODUCT_KINDS } from './demo-catalogue.js';
import { distinctLook, productSvg, renderWithThumbnail } from './demo-images.js';
import { MARKS, type ProductLook, patternsFor } from './demo-looks.js';
import { drawObject } from './demo-shapes.js';
import { Random } from './random.js';

const look = (over: Partial<ProductLook> = {}): ProductLook => ({
  colour: '#1e3a8a', accent: '#f9fafb', pattern: 'plain', mark: 'disc', pocket: false, tilt: 0, shift: 0, ...over,
});
const tint = DEMO_CATEGORIES[0].tint;

describe('product pictures', () => {
  it('never draw text: no title, no brand word, for every kind, detail, pattern and mark', () => {
    for (const kind of PRODUCT_KINDS) {
      for (const detail of kind.details) {
        for (const pattern of patternsFor(kind.shape)) {
          for (const [i, mark] of MARKS.entries()) {
            const svg = productSvg({ shape: kind.shape, words: `${kind.noun} ${detail}`, look: look({ pattern, mark, pocket: i % 2 === 0, tilt: 2 }), tint });
            expect(svg).not.toMatch(/<text|<tspan|font-family/);
          }
        }
      }
    }
  });

  it('differ when only the second colour, the pattern, the logo or the pocket differ', () => {
    const words = 'Camiseta básica entallada';
    const variants = [
      look(), look({ accent: '#dc2626' }), look({ pattern: 'stripes' }), look({ pattern: 'dots' }), look({ pattern: 'check' }),
      look({ pattern: 'block' }), look({ mark: 'leaf' }), look({ mark: 'none' }), look({ pocket: true }), look({ colour: '#dc2626' }),
    ].map((l) => productSvg({ shape: 'tshirt', words, look: l, tint }));
    expect(new Set(variants).size).toBe(variants.length);
  });

  it('draw the variant the title names', () => {
    const draw = (noun: string, detail: string) => {
      const kind = PRODUCT_KINDS.find((k) => k.noun === noun);
      if (!kind) throw new Error(noun);
      return productSvg({ shape: kind.shape, words: `${noun} ${detail}`, look: look(), tint });
    };
    expect(draw('Zapatillas de baloncesto', 'de caña alta')).not.toBe(draw('Zapatillas retro', 'de caña baja'));
    expect(draw('Gafas de sol', 'de montura redonda')).not.toBe(draw('Gafas de sol', 'estilo aviador'));
    expect(draw('Reloj', 'digital')).not.toBe(draw('Reloj', 'minimalista'));
  });

  it('fill the pattern through an SVG pattern only on objects that do not lean or grow', () => {
    const patterned = productSvg({ shape: 'dress', words: 'Vestido midi de lino', look: look({ pattern: 'dots', tilt: 3 }), tint });
    expect(patterned).toContain('url(#fabric)');
    expect(patterned).not.toMatch(/rotate\(|scale\(/);
    const standing = productSvg({ shape: 'sneaker', words: 'Zapatillas retro de ante', look: look({ tilt: 3 }), tint });
    expect(standing).toMatch(/rotate\(3 /);
    expect(standing).not.toContain('url(#fabric)');
  });

  it('are picked so that no two products get the same drawing, even of the same object in the same colour', () => {
    const rng = new Random(2);
    const taken = new Set<string>();
    // Glasses show neither a pocket nor a logo, so many looks draw the same: the drawing is what must differ.
    const drawn = Array.from({ length: 30 }, () => {
      const l = distinctLook(rng, 'glasses', 'Gafas de sol polarizadas', '#1f2937', 'plain', taken);
      const d = drawObject('glasses', l, 'Gafas de sol polarizadas');
      return d.svg + d.fabric;
    });
    expect(new Set(drawn).size).toBe(30);
    expect(taken.size).toBe(30);
  });

  it('render to a square picture and thumbnail', async () => {
    const svg = productSvg({ shape: 'backpack', words: 'Mochila urbana', look: look({ pattern: 'block' }), tint });
    const { full, thumbnail } = await renderWithThumbnail(svg, 400);
    expect(full.subarray(8, 12).toString()).toBe('WEBP');
    expect(thumbnail.length).toBeGreaterThan(500);
  });
});
