import { describe, expect, it } from 'vitest';
import { addTypedColours, coloursFromText, hasColour, tidyColours, withoutColour } from './colour-list.ts';

describe('tidyColours', () => {
  it('keeps known colours under their Spanish name, whatever language they come in, and free text as typed', () => {
    expect(tidyColours(['black', 'Weiß', 'azul marino', 'Teal ', 'verde  agua'])).toEqual(['negro', 'blanco', 'azul marino', 'Teal', 'verde agua']);
  });

  it('keeps each colour once, the first spelling of free text winning', () => {
    expect(tidyColours(['negro', 'Black', 'schwarz', 'Teal', 'teal', 'TEAL', ''])).toEqual(['negro', 'Teal']);
  });
});

describe('coloursFromText', () => {
  it('splits on commas and drops the empty parts', () => {
    expect(coloursFromText('black, white ,black,, navy, mint green')).toEqual(['negro', 'blanco', 'azul marino', 'mint green']);
    expect(coloursFromText(' , ')).toEqual([]);
  });
});

describe('hasColour and withoutColour', () => {
  it('find a colour in any of its spellings', () => {
    expect(hasColour(['negro', 'Teal'], 'Black')).toBe(true);
    expect(hasColour(['negro', 'Teal'], 'teal')).toBe(true);
    expect(hasColour(['negro', 'Teal'], 'blanco')).toBe(false);
    expect(withoutColour(['negro', 'Teal', 'blanco'], 'schwarz')).toEqual(['Teal', 'blanco']);
    expect(withoutColour(['negro', 'Teal', 'blanco'], 'TEAL')).toEqual(['negro', 'blanco']);
  });
});

describe('addTypedColours', () => {
  it('adds what was typed, known colours under their Spanish name, without repeating one already there', () => {
    expect(addTypedColours(['negro'], 'Black, teal, White')).toEqual({ colours: ['negro', 'teal', 'blanco'], problem: null });
  });

  it('adds nothing when a name is longer than the API takes', () => {
    expect(addTypedColours(['negro'], `teal, ${'x'.repeat(41)}`)).toEqual({ colours: ['negro'], problem: 'tooLong' });
    expect(addTypedColours([], 'x'.repeat(40)).problem).toBeNull();
  });

  it('adds nothing past the twenty colours a product can have', () => {
    const nineteen = Array.from({ length: 19 }, (_, index) => `colour ${index}`);
    expect(addTypedColours(nineteen, 'teal').colours).toHaveLength(20);
    expect(addTypedColours(nineteen, 'teal, mint')).toEqual({ colours: nineteen, problem: 'tooMany' });
  });
});
