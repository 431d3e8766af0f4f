import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_LENGTH, metaDescription } from './meta-description.ts';

const length = (text: string) => [...text].length;

describe('metaDescription', () => {
  it('keeps a text that fits, on one line', () => {
    expect(metaDescription('  Zapatillas de lona,\n\nsuela   blanca. ')).toBe('Zapatillas de lona, suela blanca.');
    const exact = 'a'.repeat(META_DESCRIPTION_LENGTH);
    expect(metaDescription(exact)).toBe(exact);
  });

  it('cuts a longer text after a whole word, with an ellipsis, within the length', () => {
    const text = 'Chaqueta acolchada de invierno con capucha desmontable, forro polar, cremallera doble y bolsillos interiores. '.repeat(3);
    const cut = metaDescription(text);
    expect(length(cut)).toBeLessThanOrEqual(META_DESCRIPTION_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
    const kept = cut.slice(0, -1);
    // Every word kept is whole: the text goes on with a space (or punctuation then a space) right after it.
    expect(text.startsWith(kept)).toBe(true);
    expect(text.slice(kept.length)).toMatch(/^[\s.,;:]/);
    // Today's cut at 160 ends in the middle of "forro".
    expect(text.replace(/\s+/g, ' ').slice(0, 160).endsWith(' forro')).toBe(false);
  });

  it('does not leave the punctuation before the cut dangling', () => {
    expect(metaDescription('uno dos, tres cuatro', 10)).toBe('uno dos…');
    expect(metaDescription('uno dos. tres cuatro', 10)).toBe('uno dos…');
  });

  it('keeps the last word when the cut falls right after it', () => {
    expect(metaDescription('abcd efgh ijkl', 10)).toBe('abcd efgh…');
  });

  it('cuts inside a word only when one word is longer than the room', () => {
    expect(metaDescription('Supercalifragilisticoespialidoso', 10)).toBe('Supercali…');
  });

  it('counts characters, never splitting an emoji or an accented letter', () => {
    const cut = metaDescription(`${'😀'.repeat(200)}`, 10);
    expect(cut).toBe(`${'😀'.repeat(9)}…`);
    expect(metaDescription('ñandú ñandú ñandú', 12)).toBe('ñandú ñandú…');
  });
});
