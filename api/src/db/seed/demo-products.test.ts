import { describe, expect, it } from 'vitest';
import { PRODUCT_KINDS } from './demo-catalogue.js';
import { patternNamedBy } from './demo-looks.js';
import { draftProduct, productTitle } from './demo-products.js';
import { Random } from './random.js';

describe('demo product drafts', () => {
  it('name the kind, the detail and the colour of the picture', () => {
    const rng = new Random(5);
    for (let i = 0; i < 200; i++) {
      const d = draftProduct(rng);
      expect(d.title.startsWith(`${d.kind.noun} ${d.detail}`)).toBe(true);
      expect(d.title.endsWith(` en ${d.colours[0]?.name}`)).toBe(true);
      expect(d.kind.details).toContain(d.detail);
    }
  });

  it('give unique titles against the ones already taken, by changing words, never by numbering', () => {
    const rng = new Random(11);
    const taken = new Set<string>();
    const titles = Array.from({ length: 1500 }, () => draftProduct(rng, undefined, taken).title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(taken.size).toBe(titles.length);
    for (const title of titles) expect(title).not.toMatch(/\d|\(/);
  });

  it('keep the description\'s colours in step with a title whose colour had to change', () => {
    const rng = new Random(3);
    const taken = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const d = draftProduct(rng, undefined, taken);
      expect(d.title.endsWith(` en ${d.colours[0]?.name}`)).toBe(true);
      expect(new Set(d.colours).size).toBe(d.colours.length);
      if (d.colours.length > 1) expect(d.description).toContain(`Colores disponibles: ${d.colours.map((c) => c.name).join(', ')}.`);
    }
  });

  it('say the pattern in the title unless the detail already does', () => {
    const tee = PRODUCT_KINDS.find((k) => k.noun === 'Camiseta básica');
    const dress = PRODUCT_KINDS.find((k) => k.noun === 'Vestido camisero');
    const sneaker = PRODUCT_KINDS.find((k) => k.noun === 'Zapatillas retro');
    if (!tee || !dress || !sneaker) throw new Error('kinds changed');
    const navy = { name: 'azul marino', hex: '#1e3a8a' } as const;
    expect(productTitle(tee, 'entallada', 'stripes', navy)).toBe('Camiseta básica entallada a rayas en azul marino');
    expect(productTitle(tee, 'entallada', 'plain', navy)).toBe('Camiseta básica entallada en azul marino');
    expect(productTitle(dress, 'de rayas', 'stripes', navy)).toBe('Vestido camisero de rayas en azul marino');
    expect(productTitle(sneaker, 'de ante', 'block', navy)).toBe('Zapatillas retro de ante bicolor en azul marino');
    expect(productTitle(sneaker, 'con suela de goma', 'stripes', navy)).toBe('Zapatillas retro con suela de goma y franja lateral en azul marino');
    expect(patternNamedBy('de rayas')).toBe('stripes');
  });

  it('draw a detail that names a pattern in that pattern', () => {
    const rng = new Random(8);
    for (let i = 0; i < 400; i++) {
      const d = draftProduct(rng);
      if (d.detail === 'de rayas' || d.detail === 'con estampado floral') expect(d.pattern).toBe(patternNamedBy(d.detail));
    }
  });
});
