import { describe, expect, it } from 'vitest';
import { invisibleCharacterProblem, refusedCharacter } from './invisible-characters.js';
import type { ApiText } from '../i18n/api-text.js';
import { translator } from '../i18n/translator.js';

const english = (problem: ApiText | null) => (problem ? translator('en')(problem) : null);

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
const CONTROL = ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009B'];
const ZERO_WIDTH = ['\u200B', '\u2060', '\uFEFF'];
const JOINERS = ['\u200C', '\u200D'];
const OTHER_FORMAT = ['\u00AD', '\u2061', '\u{E0041}'];
const BLANK = ['\u3164', '\u115F', '\u2800'];

describe('names', () => {
  it.each([...BIDI, ...CONTROL, ...ZERO_WIDTH, ...JOINERS, ...OTHER_FORMAT, ...BLANK, '\t', '\n'])('refuses U+%s', (char) => {
    expect(refusedCharacter(`Ana${char}Pérez`, 'name')).toBe(`U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`);
  });

  it('accepts names in any script, with accents, emoji and ordinary spaces', () => {
    for (const name of ['Ana Pérez', 'Zoë O’Brien', 'محمد علي', 'שרה', '王小明', 'Łukasz Żółć', 'Sneaker fan 👟', '❤️ Lucía', 'Jean-Luc d. 2nd']) {
      expect(refusedCharacter(name, 'name'), name).toBeNull();
    }
  });

  it('says which character it found, in words for the field', () => {
    expect(english(invisibleCharacterProblem('top\u202Eresu', 'name', 'name'))).toBe(
      'The name may not contain invisible characters, control characters or text-direction controls; found U+202E.',
    );
    expect(invisibleCharacterProblem('Ana', 'name', 'name')).toBeNull();
  });
});

describe('longer text (reviews, biographies)', () => {
  it.each([...BIDI, ...CONTROL, ...ZERO_WIDTH])('refuses U+%s', (char) => {
    expect(refusedCharacter(`Great fit${char} really`, 'text')).not.toBeNull();
  });

  it('accepts line breaks, tabs, emoji sequences with joiners and right-to-left writing', () => {
    for (const text of ['Fits well.\nTrue to size.', 'Line one\r\nLine two', 'Size:\tM', 'Family pick 👨‍👩‍👧', 'می‌خواهم', 'جيد جدا']) {
      expect(refusedCharacter(text, 'text'), JSON.stringify(text)).toBeNull();
    }
    expect(english(invisibleCharacterProblem('x\u202Ey', 'text', 'review'))).toBe(
      'The review may not contain invisible characters, control characters or text-direction controls (line breaks and tabs are fine); found U+202E.',
    );
  });
});
