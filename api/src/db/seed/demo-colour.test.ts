import { describe, expect, it } from 'vitest';
import { distance, luminance, mix, tones } from './demo-colour.js';

describe('demo colour arithmetic', () => {
  it('mixes, measures and orders tones from light to line', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#1e3a8a', '#1e3a8a', 0.7)).toBe('#1e3a8a');
    expect(luminance('#ffffff')).toBeCloseTo(1);
    expect(luminance('#000000')).toBe(0);
    expect(distance('#000000', '#000000')).toBe(0);
    for (const base of ['#f9fafb', '#1f2937', '#dc2626']) {
      const t = tones(base);
      expect(luminance(t.light)).toBeGreaterThan(luminance(t.base));
      expect(luminance(t.shade)).toBeLessThan(luminance(t.base));
      expect(luminance(t.line)).toBeLessThan(luminance(t.shade));
    }
  });
});
