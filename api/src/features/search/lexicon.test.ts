import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '@linkhunt/contracts/category-names';
import { KNOWN_COLOURS } from '@linkhunt/contracts/colours';
import { PRODUCT_KINDS } from '../../db/seed/demo-catalogue.js';
import { foldText } from './index-repository.js';
import { contentWords, DICTIONARY, understand } from './lexicon.js';
import { SEARCH_LANGUAGES } from './stems.js';

const words = (q: string) => foldText(q).match(/[\p{L}\p{N}]+/gu) ?? [];
/** The concept a query was understood as: its ways of saying it, joined. */
const sayings = (q: string) => new Set(understand(words(q)).spans.flatMap((s) => s.alternatives.map((a) => a.join(' '))));

describe('the dictionary of product terms', () => {
  it('gives every concept words in all five languages, once each', () => {
    const ids = new Set<string>();
    for (const concept of DICTIONARY) {
      expect(ids.has(concept.id), concept.id).toBe(false);
      ids.add(concept.id);
      for (const language of SEARCH_LANGUAGES) {
        const list = concept[language];
        expect(list.length, `${concept.id}.${language}`).toBeGreaterThan(0);
        expect(new Set(list).size, `${concept.id}.${language} repeats a word`).toBe(list.length);
        for (const word of list) expect(word, `${concept.id}.${language}`).toBe(word.toLowerCase().trim());
      }
    }
  });

  it('knows the noun of every kind of product in the demo catalogue, in all five languages', () => {
    for (const kind of PRODUCT_KINDS) {
      const noun = words(kind.noun)[0] as string;
      const concept = DICTIONARY.find((c) => c.es.some((w) => words(w)[0] === noun || words(w).join(' ') === noun));
      expect(concept, kind.noun).toBeDefined();
      // Typed in any language, each of the concept's words finds the Spanish noun.
      for (const language of SEARCH_LANGUAGES) {
        for (const word of concept?.[language] ?? []) expect([...sayings(word)], `${word} (${language})`).toContain(contentWords(concept?.es[0] ?? '').join(' '));
      }
    }
  });

  it('knows the community\'s English words', () => {
    expect(sayings('hoodie')).toContain('sudadera');
    expect(sayings('tee')).toContain('camiseta');
    expect(sayings('trainers')).toContain('zapatillas');
    expect(sayings('puffer')).toContain('plumifero');
    expect(sayings('joggers')).toContain('jogginghose');
    expect(sayings('cap')).toContain('gorra');
  });

  it('recognises every category and known colour by any of its names, in any inflection', () => {
    for (const [stored, names] of Object.entries(CATEGORY_NAMES)) {
      for (const language of SEARCH_LANGUAGES) expect(understand(words(names[language])).categories, `${names[language]}`).toContain(stored);
    }
    for (const colour of KNOWN_COLOURS) {
      for (const language of SEARCH_LANGUAGES) {
        for (const name of colour.names[language]) expect(understand(words(name)).colours, name).toEqual([colour.key]);
      }
    }
    expect(understand(['negras']).colours).toEqual(['black']);
    expect(understand(['schwarze']).colours).toEqual(['black']);
    expect(understand(['bianche']).colours).toEqual(['white']);
    expect(understand(['zapatillas', 'blancas'])).toMatchObject({ categories: ['Sneakers'], colours: ['white'] });
  });

  it('reads a name of several words as one thing', () => {
    expect(understand(words('gafas de sol')).spans).toHaveLength(1);
    expect(understand(words('sac à dos')).spans[0]?.alternatives).toContainEqual(['mochila']);
    expect(understand(words('azul marino')).colours).toEqual(['navy']);
  });
});
