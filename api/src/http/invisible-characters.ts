import { type ApiText, text } from '../i18n/api-text.js';

/**
 * Characters that make text show something other than what it holds: text-direction controls (an override
 * turns "gnp.exe" into "exe.png", and a name into a copy of another), control bytes, and zero-width or other
 * invisible format characters (a name that looks exactly like a top user's). One checker for every place
 * people write text others read.
 */

/** Embeddings, overrides and isolates (U+202A–202E, U+2066–2069), the LRM/RLM marks and the Arabic letter mark. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const CONTROL = /\p{Cc}/u;
/** Every format character: zero-width space, joiners, word joiner, BOM, soft hyphen, tags, invisible operators... */
const FORMAT = /\p{Cf}/u;
/** In longer text, line breaks and tabs are layout, not tricks. */
const CONTROL_BUT_LAYOUT = /(?![\t\n\r])\p{Cc}/u;
/**
 * In longer text, the invisible spaces (U+200B zero-width space, U+2060 word joiner, U+FEFF). The joiners
 * U+200C/U+200D stay: emoji sequences and scripts such as Persian need them.
 */
const INVISIBLE_SPACE = /[\u200B\u2060\uFEFF\u180E]/u;
/** Letters that draw nothing (Hangul fillers, the blank braille pattern): the usual way to an "empty" name. */
const BLANK_LETTER = /[\u115F\u1160\u3164\uFFA0\u2800]/u;

/** `name`: a display name, coupon or other short label; `text`: a review or biography, which has lines. */
export type TextKind = 'name' | 'text';

const RULES: Record<TextKind, RegExp[]> = {
  name: [BIDI_CONTROL, CONTROL, FORMAT, BLANK_LETTER],
  text: [BIDI_CONTROL, CONTROL_BUT_LAYOUT, INVISIBLE_SPACE],
};

/** The first character the rules refuse, as U+XXXX, or null. */
export function refusedCharacter(value: string, kind: TextKind): string | null {
  for (const rule of RULES[kind]) {
    const found = rule.exec(value)?.[0];
    if (found !== undefined) return `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

/**
 * The 422 message for a field (`label`: "name", "review"...), or null when the text is fine. It names the
 * character found, since it cannot be seen.
 */
export function invisibleCharacterProblem(value: string, kind: TextKind, label: string): ApiText | null {
  const found = refusedCharacter(value, kind);
  if (!found) return null;
  return text(kind === 'text' ? 'validation.invisible_in_text' : 'validation.invisible_in_name', { field: label, character: found });
}
