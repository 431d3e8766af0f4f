import { KNOWN_COLOURS, knownColour, normaliseColourName, storedColourName } from '@linkhunt/contracts/colours';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import it_ from '../../locales/it.json';

const locales = { es, en, de, it: it_, fr };
const swatches = readFileSync(join(import.meta.dirname, 'ColourSwatch.module.css'), 'utf8');

describe('knownColour (contracts/colours)', () => {
  it('finds a colour by any of its names in any of the five languages', () => {
    expect(knownColour('negro')?.key).toBe('black');
    expect(knownColour('black')?.key).toBe('black');
    expect(knownColour('schwarz')?.key).toBe('black');
    expect(knownColour('nero')?.key).toBe('black');
    expect(knownColour('noire')?.key).toBe('black');
    expect(knownColour('gray')?.key).toBe('grey');
    expect(knownColour('azul marino')?.key).toBe('navy');
    expect(knownColour('bleu marine')?.key).toBe('navy');
  });

  it('ignores case, accents, surrounding space and how the words are joined', () => {
    expect(knownColour('Marrón')?.key).toBe('brown');
    expect(knownColour('MARRON ')?.key).toBe('brown');
    expect(knownColour('  Crème')?.key).toBe('cream');
    expect(knownColour('Sky-Blue')?.key).toBe('sky-blue');
    expect(knownColour('azul   cielo')?.key).toBe('sky-blue');
    expect(knownColour('WEISS')?.key).toBe('white');
    expect(knownColour('Weiß')?.key).toBe('white');
  });

  it('knows nothing of other names, nor of a part of a known one', () => {
    expect(knownColour('teal')).toBeNull();
    expect(knownColour('azul petróleo')).toBeNull();
    expect(knownColour('marino')).toBeNull();
    expect(knownColour('')).toBeNull();
  });

  it('stores every colour of the demo catalogue under its own name, in Spanish', () => {
    const demo = ['negro', 'blanco', 'gris', 'beige', 'azul marino', 'verde oliva', 'burdeos', 'rosa palo', 'marrón', 'crema', 'caqui', 'azul cielo', 'rojo', 'mostaza', 'lila'];
    for (const name of demo) {
      const colour = knownColour(name);
      expect(colour, name).not.toBeNull();
      if (colour) expect(storedColourName(colour)).toBe(name);
    }
  });

  it('gives every name to one colour only, and keys that are unique', () => {
    const owners = new Map<string, string>();
    for (const colour of KNOWN_COLOURS) {
      for (const name of Object.values(colour.names).flat()) {
        const normalised = normaliseColourName(name);
        const owner = owners.get(normalised);
        expect(owner === undefined || owner === colour.key, `${name}: ${owner ?? ''} and ${colour.key}`).toBe(true);
        owners.set(normalised, colour.key);
        // Written as they are compared, so a reader of the list sees what matches.
        expect(name).toBe(name.toLowerCase().trim());
      }
    }
    expect(new Set(KNOWN_COLOURS.map((colour) => colour.key)).size).toBe(KNOWN_COLOURS.length);
  });

  it('recognises the name each language shows, so a name read on the page and typed back is the same colour', () => {
    for (const [language, locale] of Object.entries(locales)) {
      const shown: Record<string, string> = locale.colour;
      expect(Object.keys(shown).sort(), language).toEqual(KNOWN_COLOURS.map((colour) => colour.key).sort());
      for (const colour of KNOWN_COLOURS) expect(knownColour(shown[colour.key] ?? '')?.key, `${language} ${colour.key}`).toBe(colour.key);
    }
  });

  it('has a swatch class of the same colour for every known colour', () => {
    for (const colour of KNOWN_COLOURS) {
      const rule = new RegExp(`\\.${colour.key} \\{\\s*background: ${colour.hex};\\s*\\}`);
      expect(swatches, colour.key).toMatch(rule);
    }
  });
});
