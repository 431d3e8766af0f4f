import { describe, expect, it } from 'vitest';
import { distance } from './demo-colour.js';
import { patternNamedBy, patternsFor, pickLook } from './demo-looks.js';
import { Random } from './random.js';

describe('demo looks', () => {
  it('pick a second colour that stands apart from the first', () => {
    const rng = new Random(4);
    for (let i = 0; i < 100; i++) {
      const look = pickLook(rng, 'sneaker', '#f9fafb', 'plain');
      expect(distance(look.accent, look.colour)).toBeGreaterThan(150);
    }
  });

  it('lean only objects that stand on the floor, and only a little', () => {
    const rng = new Random(6);
    for (let i = 0; i < 50; i++) {
      expect(pickLook(rng, 'dress', '#7f1d1d', 'dots').tilt).toBe(0);
      expect(Math.abs(pickLook(rng, 'boot', '#7f1d1d', 'plain').tilt)).toBeLessThanOrEqual(4);
    }
  });
});

describe('patterns named by a title', () => {
  it('are read from the detail', () => {
    expect(patternNamedBy('de rayas')).toBe('stripes');
    expect(patternNamedBy('con estampado floral')).toBe('dots');
    expect(patternNamedBy('multicolor')).toBe('block');
    expect(patternNamedBy('con estampado trasero')).toBeNull();
    expect(patternsFor('watch')).toEqual(['plain']);
  });
});
