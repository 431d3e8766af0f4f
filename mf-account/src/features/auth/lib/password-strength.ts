import { PASSWORD_MIN_LENGTH } from '@linkhunt/contracts/user';
import { COMMON_PASSWORDS } from './common-passwords.ts';

export type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong';
/** What to say under the meter: why it is weak, or how to do better. */
export type StrengthTip = 'short' | 'common' | 'pattern' | 'simple' | 'longer';

export interface Strength {
  /** null while nothing is typed: an empty field is not weak yet. */
  level: StrengthLevel | null;
  tip: StrengthTip | null;
}

/** Runs a guesser tries first: the alphabet, the digits and the rows of the usual keyboard layouts. */
const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'qwertzuiop', 'azertyuiop', 'asdfghjkl', 'yxcvbnm', 'zxcvbnm', 'wxcvbn'];

/** Words guessers put first, in the site's languages too; a password that contains one is easier than its length says. */
const GUESSABLE_WORDS = ['password', 'passwort', 'contrasena', 'contraseña', 'motdepasse', 'qwerty', 'azerty', 'letmein', 'welcome', 'admin', 'iloveyou', 'monkey', 'dragon', 'secret', 'linkhunt'];

/** Look-alike digits and symbols ("p@ssw0rd") fool nobody who guesses passwords. */
const LOOKALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

const LEVELS: readonly StrengthLevel[] = ['weak', 'weak', 'fair', 'good', 'strong'];

function isStep(previous: string, current: string): boolean {
  if (previous === current) return true;
  return SEQUENCES.some((sequence) => {
    const at = sequence.indexOf(previous);
    return at !== -1 && (sequence[at + 1] === current || sequence[at - 1] === current);
  });
}

/**
 * The length a guesser has to work for: in a run of repeated or consecutive characters ("aaaa", "1234", "qwer")
 * only the first two count, and a chunk typed over and over ("abcabcabc") counts once.
 */
export function effectiveLength(password: string): number {
  const lower = password.toLowerCase();
  const chunk = /^(.+?)\1+$/u.exec(lower)?.[1];
  const chars = Array.from(chunk ?? lower);
  let length = 0;
  let run = 1;
  chars.forEach((char, index) => {
    const previous = chars[index - 1];
    run = previous !== undefined && isStep(previous, char) ? run + 1 : 1;
    if (run <= 2) length += 1;
  });
  return length;
}

function characterClasses(password: string): number {
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u];
  return classes.filter((pattern) => pattern.test(password)).length;
}

/** Longest first, so "password1" goes as one word rather than as "password" and a "1" left over. */
const WORDS = [...GUESSABLE_WORDS, ...COMMON_PASSWORDS].sort((a, b) => b.length - a.length);
/** What a word a guesser tries first is worth: about one character. */
const WORD_MARK = '\u{E000}';

function withoutWords(text: string): string {
  return WORDS.reduce((rest, word) => rest.replaceAll(word, WORD_MARK), text);
}

/** The effective length once known words, look-alikes included ("p@ssw0rd"), count as a single character. */
function guessableLength(password: string): number {
  const lower = password.toLowerCase();
  const plain = Array.from(lower, (char) => LOOKALIKES[char] ?? char).join('');
  return Math.min(effectiveLength(withoutWords(lower)), effectiveLength(withoutWords(plain)));
}

function isPatterned(password: string, effective: number): boolean {
  return (
    effective < Array.from(password).length - 2 ||
    new Set(password.toLowerCase()).size < 5 ||
    // A year, or a capitalised word with a number or symbol tacked on: the first things a guesser varies.
    /(19|20)\d\d/.test(password) ||
    /^\p{Lu}\p{Ll}+[^\p{L}]{1,4}$/u.test(password)
  );
}

/**
 * A rough, local estimate of how hard the password is to guess: no dictionary download, so it rewards length
 * and a mix of characters and marks down the patterns guessers try first. Below the API's minimum length, or
 * on the API's list of common passwords, it is weak whatever else: the register form would refuse it.
 */
export function passwordStrength(password: string): Strength {
  if (password === '') return { level: null, tip: 'short' };
  if (Array.from(password).length < PASSWORD_MIN_LENGTH) return { level: 'weak', tip: 'short' };
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return { level: 'weak', tip: 'common' };

  const effective = guessableLength(password);
  const classes = characterClasses(password);
  const patterned = isPatterned(password, effective);
  const score =
    [8, 12, 16, 20].filter((length) => effective >= length).length +
    (classes >= 2 ? 1 : 0) +
    (classes >= 3 ? 1 : 0) -
    (patterned ? 1 : 0);
  const level = LEVELS[Math.max(0, Math.min(score, LEVELS.length - 1))] ?? 'weak';

  if (level === 'strong') return { level, tip: null };
  if (patterned) return { level, tip: 'pattern' };
  return { level, tip: level === 'weak' ? 'simple' : 'longer' };
}
