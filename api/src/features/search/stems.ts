import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as italian } from '@orama/stemmers/italian';
import type { ColourLanguage } from '@linkhunt/contracts/colours';

/** Snowball stemmers (the same algorithms as PostgreSQL's spanish, english, german, italian and french configurations). */
const STEMMERS: Readonly<Record<ColourLanguage, (word: string) => string>> = { es: spanish, en: english, de: german, it: italian, fr: french };

export const SEARCH_LANGUAGES: readonly ColourLanguage[] = ['es', 'en', 'de', 'it', 'fr'];

/** A folded word's stem in one language. */
export function stemIn(language: ColourLanguage, word: string): string {
  return STEMMERS[language](word);
}

/**
 * A folded word's stems in all five languages, the word itself among them: a product's language is not
 * known (nor is the searcher's word's), so both sides are stemmed in every language and meet wherever one
 * stemmer maps them together ("negras" and "negro" both give Spanish "negr", "Jacken" and "Jacke" German "jack").
 */
export function stemsOf(word: string): string[] {
  const out = new Set<string>([word]);
  for (const language of SEARCH_LANGUAGES) {
    const stem = STEMMERS[language](word);
    if (stem.length > 0) out.add(stem);
  }
  return [...out];
}

/** The text SQLite's stem index holds for some words: every stem of every word, each once. */
export function stemText(words: readonly string[]): string {
  const out = new Set<string>();
  for (const word of words) for (const stem of stemsOf(word)) out.add(stem);
  return [...out].join(' ');
}
