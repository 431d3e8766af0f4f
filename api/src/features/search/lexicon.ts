import { CATEGORY_NAMES } from '@linkhunt/contracts/category-names';
import { type ColourLanguage, KNOWN_COLOURS } from '@linkhunt/contracts/colours';
import accessories from './dictionary/accessories.json' with { type: 'json' };
import bags from './dictionary/bags.json' with { type: 'json' };
import catalogue from './dictionary/catalogue.json' with { type: 'json' };
import clothing from './dictionary/clothing.json' with { type: 'json' };
import footwear from './dictionary/footwear.json' with { type: 'json' };
import { foldText } from './index-repository.js';
import { SEARCH_LANGUAGES, stemIn } from './stems.js';

function foldedWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * One concept of the dictionary (dictionary/*.json): its words in each language, singular forms first, then
 * synonyms; `category`, the stored name of the category the concept's products belong to, when there is one.
 */
export type DictionaryConcept = { id: string; category?: string } & Record<ColourLanguage, string[]>;

export const DICTIONARY: readonly DictionaryConcept[] = [clothing, footwear, bags, accessories, catalogue].flatMap(
  (file): readonly DictionaryConcept[] => file.concepts,
);

/** Joining words inside names ("Pantalones y Vaqueros", "gafas de sol"): never what a search is about. */
const JOINERS = new Set(['y', 'e', 'and', 'und', 'et', 'de', 'di', 'da', 'del', 'della', 'du', 'des', 'con', 'with', 'mit', 'avec', 'a', 'à', 'en', 'of', 'the', 'la', 'le', 'el']);
/** Longest name matched as one phrase ("sac à dos", "pantalón de chándal"), joiners included. */
const MAX_PHRASE = 4;

/** A term's words that carry meaning: folded, joiners left out. */
export function contentWords(term: string): string[] {
  return foldedWords(term).filter((w) => !JOINERS.has(w));
}

/** One way to say something: every one of its words must be found. */
export type Alternative = readonly string[];

interface Entry {
  /** The name's folded words (joiners included, as typed). */
  words: string[];
  /** Each word's keys in the language it belongs to (see keysOf). */
  keys: Set<string>[];
  alternatives: Alternative[];
  category?: string;
  colour?: string;
}

/** Span of the query understood as one thing, or one word taken as it is. */
export interface QuerySpan {
  words: string[];
  /** Ways to say it in all five languages (the typed words among them). */
  alternatives: Alternative[];
  /** Stored (Spanish) names of the categories it names. */
  categories: string[];
  /** Keys of the known colours it names. */
  colours: string[];
}

export interface Understanding {
  spans: QuerySpan[];
  categories: string[];
  colours: string[];
}

/** A word as written, and its stem in its own language: "negras" meets "negra" through Spanish "negr". */
function keysOf(word: string, language: ColourLanguage | null): Set<string> {
  const keys = new Set([`=${word}`]);
  for (const l of language ? [language] : SEARCH_LANGUAGES) keys.add(`${l}:${stemIn(l, word)}`);
  return keys;
}

function meets(a: Set<string>, b: Set<string>): boolean {
  for (const k of a) if (b.has(k)) return true;
  return false;
}

function alternativesOf(terms: readonly string[]): Alternative[] {
  const seen = new Map<string, Alternative>();
  for (const term of terms) {
    const words = contentWords(term);
    if (words.length > 0) seen.set(words.join(' '), words);
    // "t-shirt" is also typed "tshirt".
    if (words.length > 1 && /-/.test(term)) seen.set(words.join(''), [words.join('')]);
  }
  return [...seen.values()];
}

class Lexicon {
  private readonly byFirstKey = new Map<string, Entry[]>();

  add(term: string, language: ColourLanguage, entry: Omit<Entry, 'words' | 'keys'>): void {
    const variants = [foldedWords(term)];
    if (/-/.test(term)) variants.push([foldedWords(term).join('')]);
    for (const words of variants) {
      if (words.length === 0 || words.length > MAX_PHRASE) continue;
      const full: Entry = { ...entry, words, keys: words.map((w) => keysOf(w, language)) };
      for (const key of full.keys[0] as Set<string>) {
        const list = this.byFirstKey.get(key) ?? [];
        list.push(full);
        this.byFirstKey.set(key, list);
      }
    }
  }

  /** The entries whose whole name starts the tokens at `at`, longest first. */
  matchAt(tokens: readonly string[], at: number): Entry[] {
    const first = keysOf(tokens[at] as string, null);
    const found = new Set<Entry>();
    for (const key of first) for (const entry of this.byFirstKey.get(key) ?? []) found.add(entry);
    const whole = [...found].filter((e) => at + e.words.length <= tokens.length
      && e.keys.every((keys, i) => meets(keys, keysOf(tokens[at + i] as string, null))));
    const longest = Math.max(0, ...whole.map((e) => e.words.length));
    return whole.filter((e) => e.words.length === longest);
  }

  /** Every word of every name, folded: the typo corrector's vocabulary grows by them. */
  words(): string[] {
    const out = new Set<string>();
    for (const entries of this.byFirstKey.values()) for (const e of entries) for (const w of e.words) out.add(w);
    return [...out];
  }
}

/**
 * The category words that name one category only: "Jacken" names Outerwear ("Jacken & Mäntel"), but "Ropa"
 * is in two names and "&" in most, so neither names a category alone.
 */
function categoryWords(): Map<string, { language: ColourLanguage; categories: Set<string> }> {
  const out = new Map<string, { language: ColourLanguage; categories: Set<string> }>();
  for (const [stored, names] of Object.entries(CATEGORY_NAMES)) {
    for (const language of SEARCH_LANGUAGES) {
      for (const word of contentWords(names[language])) {
        const entry = out.get(word) ?? { language, categories: new Set<string>() };
        entry.categories.add(stored);
        out.set(word, entry);
      }
    }
  }
  return out;
}

function buildLexicon(): Lexicon {
  const lexicon = new Lexicon();
  for (const concept of DICTIONARY) {
    const alternatives = alternativesOf(SEARCH_LANGUAGES.flatMap((l) => concept[l]));
    const category = concept.category && CATEGORY_NAMES[concept.category] ? concept.category : undefined;
    // The category's own names are also ways to say the concept ("zapatillas" finds what is filed under Sneakers).
    const all = category ? [...alternatives, ...alternativesOf(SEARCH_LANGUAGES.map((l) => (CATEGORY_NAMES[category] as Record<ColourLanguage, string>)[l]))] : alternatives;
    for (const language of SEARCH_LANGUAGES) {
      for (const term of concept[language]) lexicon.add(term, language, category ? { alternatives: all, category } : { alternatives });
    }
  }
  for (const colour of KNOWN_COLOURS) {
    const alternatives = alternativesOf(SEARCH_LANGUAGES.flatMap((l) => colour.names[l]));
    for (const language of SEARCH_LANGUAGES) {
      for (const name of colour.names[language]) lexicon.add(name, language, { alternatives, colour: colour.key });
    }
  }
  for (const [stored, names] of Object.entries(CATEGORY_NAMES)) {
    const alternatives = alternativesOf(SEARCH_LANGUAGES.map((l) => names[l]));
    for (const language of SEARCH_LANGUAGES) lexicon.add(names[language], language, { alternatives, category: stored });
  }
  for (const [word, { language, categories }] of categoryWords()) {
    if (categories.size !== 1) continue;
    const stored = [...categories][0] as string;
    const names = CATEGORY_NAMES[stored] as Record<ColourLanguage, string>;
    lexicon.add(word, language, { alternatives: alternativesOf(SEARCH_LANGUAGES.map((l) => names[l])), category: stored });
  }
  return lexicon;
}

const LEXICON = buildLexicon();

/** Every folded word the lexicon knows, for the typo corrector. */
export const LEXICON_WORDS: readonly string[] = LEXICON.words();
const WHOLE_WORDS = new Set(LEXICON_WORDS);

/**
 * What a query's words mean: from left to right, the longest name of a dictionary concept, a known colour
 * or a category (in any of the five languages, any inflection its stemmer reduces) becomes one span with
 * every way to say it; any other word stays a span of its own.
 */
export function understand(tokens: readonly string[]): Understanding {
  const spans: QuerySpan[] = [];
  let at = 0;
  while (at < tokens.length) {
    const token = tokens[at] as string;
    const entries = LEXICON.matchAt(tokens, at);
    if (entries.length === 0) {
      spans.push({ words: [token], alternatives: [[token]], categories: [], colours: [] });
      at += 1;
      continue;
    }
    const length = (entries[0] as Entry).words.length;
    const words = tokens.slice(at, at + length);
    const alternatives = new Map<string, Alternative>([[contentWords(words.join(' ')).join(' ') || words.join(' '), contentWords(words.join(' ')).length > 0 ? contentWords(words.join(' ')) : words]]);
    for (const e of entries) for (const a of e.alternatives) alternatives.set(a.join(' '), a);
    spans.push({
      words,
      alternatives: [...alternatives.values()],
      categories: [...new Set(entries.flatMap((e) => (e.category ? [e.category] : [])))],
      colours: [...new Set(entries.flatMap((e) => (e.colour ? [e.colour] : [])))],
    });
    at += length;
  }
  // A span of joiners only ("de") would have to be found as a word, and finds nearly everything or nothing.
  const meaningful = spans.filter((s) => s.alternatives.some((a) => a.length > 0) && !(s.words.length === 1 && JOINERS.has(s.words[0] as string) && spans.length > 1));
  return {
    spans: meaningful,
    categories: [...new Set(meaningful.flatMap((s) => s.categories))],
    colours: [...new Set(meaningful.flatMap((s) => s.colours))],
  };
}

/** True when the word, exactly as typed (folded), is a whole name or word of a name the lexicon knows. */
export function isWholeLexiconWord(token: string): boolean {
  return WHOLE_WORDS.has(token);
}

/** True when the lexicon knows the word (in any inflection its stemmers reduce): it is then no typo. */
export function isLexiconWord(token: string): boolean {
  return LEXICON.matchAt([token], 0).length > 0;
}
