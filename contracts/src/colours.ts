/**
 * The colours the catalogue knows. A product's `colors` stay free text (the API takes any name), but a name
 * found here is recognised whatever language it was typed in, so clients can show it in the page's language
 * (the `ui` key `colour.<key>`) with its swatch. Unknown names are shown as typed.
 */

/** The languages the aliases are given in: the site's five. */
export type ColourLanguage = 'es' | 'en' | 'de' | 'it' | 'fr';

export interface KnownColour {
  /** Stable across languages: the translation key and the swatch's class. */
  key: string;
  /** The swatch, for a client's stylesheet. */
  hex: string;
  /**
   * Lower-case names in each language, the first the usual one. `names.es[0]` is how the catalogue stores
   * the colour: Spanish is its content language (the demo data and every older product use it).
   */
  names: Readonly<Record<ColourLanguage, readonly [string, ...string[]]>>;
}

/** Ordered as a palette shows them: neutrals, then round the colour wheel. */
export const KNOWN_COLOURS = [
  { key: 'black', hex: '#1f2937', names: { es: ['negro', 'negra'], en: ['black'], de: ['schwarz'], it: ['nero', 'nera'], fr: ['noir', 'noire'] } },
  {
    key: 'white',
    hex: '#f9fafb',
    names: { es: ['blanco', 'blanca'], en: ['white'], de: ['weiß', 'weiss'], it: ['bianco', 'bianca'], fr: ['blanc', 'blanche'] },
  },
  { key: 'grey', hex: '#9ca3af', names: { es: ['gris'], en: ['grey', 'gray'], de: ['grau'], it: ['grigio', 'grigia'], fr: ['gris', 'grise'] } },
  { key: 'beige', hex: '#d6c4a8', names: { es: ['beige'], en: ['beige'], de: ['beige'], it: ['beige'], fr: ['beige'] } },
  {
    key: 'cream',
    hex: '#f3e9d2',
    names: { es: ['crema'], en: ['cream'], de: ['creme', 'cremeweiß', 'cremeweiss'], it: ['crema', 'panna'], fr: ['crème'] },
  },
  { key: 'brown', hex: '#7c4a21', names: { es: ['marrón', 'café'], en: ['brown'], de: ['braun'], it: ['marrone'], fr: ['marron', 'brun'] } },
  { key: 'khaki', hex: '#a3a06b', names: { es: ['caqui'], en: ['khaki'], de: ['khaki'], it: ['cachi', 'kaki'], fr: ['kaki'] } },
  {
    key: 'olive',
    hex: '#65712f',
    names: { es: ['verde oliva'], en: ['olive', 'olive green'], de: ['olivgrün', 'oliv'], it: ['verde oliva'], fr: ['vert olive', 'olive'] },
  },
  { key: 'green', hex: '#16a34a', names: { es: ['verde'], en: ['green'], de: ['grün'], it: ['verde'], fr: ['vert', 'verte'] } },
  {
    key: 'navy',
    hex: '#1e3a8a',
    names: { es: ['azul marino'], en: ['navy', 'navy blue'], de: ['marineblau', 'navy'], it: ['blu navy', 'blu marino'], fr: ['bleu marine', 'marine'] },
  },
  { key: 'blue', hex: '#2563eb', names: { es: ['azul'], en: ['blue'], de: ['blau'], it: ['blu'], fr: ['bleu'] } },
  {
    key: 'sky-blue',
    hex: '#7dd3fc',
    names: {
      es: ['azul cielo', 'celeste'],
      en: ['sky blue', 'light blue'],
      de: ['himmelblau', 'hellblau'],
      it: ['azzurro', 'celeste'],
      fr: ['bleu ciel', 'bleu clair'],
    },
  },
  {
    key: 'purple',
    hex: '#7e22ce',
    names: { es: ['morado', 'morada', 'violeta', 'púrpura'], en: ['purple', 'violet'], de: ['violett'], it: ['viola'], fr: ['violet', 'violette'] },
  },
  {
    key: 'lilac',
    hex: '#c4b5fd',
    names: { es: ['lila'], en: ['lilac', 'lavender'], de: ['flieder', 'lila'], it: ['lilla', 'lavanda'], fr: ['lilas', 'lavande'] },
  },
  { key: 'pink', hex: '#ec4899', names: { es: ['rosa'], en: ['pink'], de: ['rosa', 'pink'], it: ['rosa'], fr: ['rose'] } },
  {
    key: 'dusty-pink',
    hex: '#f4b6c2',
    names: {
      es: ['rosa palo'],
      en: ['dusty pink', 'pale pink'],
      de: ['altrosa', 'zartrosa'],
      it: ['rosa antico', 'rosa cipria'],
      fr: ['vieux rose', 'rose poudré'],
    },
  },
  { key: 'red', hex: '#dc2626', names: { es: ['rojo', 'roja'], en: ['red'], de: ['rot'], it: ['rosso', 'rossa'], fr: ['rouge'] } },
  {
    key: 'burgundy',
    hex: '#7f1d1d',
    names: {
      es: ['burdeos', 'granate'],
      en: ['burgundy', 'maroon'],
      de: ['bordeaux', 'bordeauxrot', 'weinrot'],
      it: ['bordeaux', 'bordò'],
      fr: ['bordeaux'],
    },
  },
  { key: 'orange', hex: '#f97316', names: { es: ['naranja'], en: ['orange'], de: ['orange'], it: ['arancione', 'arancio'], fr: ['orange'] } },
  { key: 'mustard', hex: '#d4a017', names: { es: ['mostaza'], en: ['mustard'], de: ['senfgelb', 'senf'], it: ['senape'], fr: ['moutarde'] } },
  { key: 'yellow', hex: '#facc15', names: { es: ['amarillo', 'amarilla'], en: ['yellow'], de: ['gelb'], it: ['giallo', 'gialla'], fr: ['jaune'] } },
  {
    key: 'gold',
    hex: '#d4af37',
    names: { es: ['dorado', 'dorada'], en: ['gold', 'golden'], de: ['gold', 'golden'], it: ['oro', 'dorato'], fr: ['doré', 'dorée'] },
  },
  {
    key: 'silver',
    hex: '#c0c0c0',
    names: {
      es: ['plateado', 'plateada', 'plata'],
      en: ['silver'],
      de: ['silber', 'silbern'],
      it: ['argento', 'argentato'],
      fr: ['argenté', 'argentée', 'argent'],
    },
  },
] as const satisfies readonly KnownColour[];

export type ColourKey = (typeof KNOWN_COLOURS)[number]['key'];

/**
 * How names are compared: case, accents, and spaces, hyphens or underscores between words do not count,
 * so "Marrón", "marron" and "MARRON " are one colour, and so are "sky-blue" and "Sky blue".
 */
export function normaliseColourName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** One of KNOWN_COLOURS, its key typed as a ColourKey. */
export type KnownColourEntry = (typeof KNOWN_COLOURS)[number];

let byName: Map<string, KnownColourEntry> | undefined;

/**
 * Built on first use, not when the module loads: a module-level loop is a side effect bundlers keep, and with it
 * the whole table, in every browser bundle that imports anything of this file (the shell's search box did).
 */
function coloursByName(): Map<string, KnownColourEntry> {
  if (byName) return byName;
  byName = new Map();
  for (const colour of KNOWN_COLOURS) {
    const languages: readonly (readonly string[])[] = Object.values(colour.names);
    for (const name of languages.flat()) byName.set(normaliseColourName(name), colour);
  }
  return byName;
}

/** The known colour a name stands for, in any of the five languages; null for any other name. */
export function knownColour(value: string): KnownColourEntry | null {
  return coloursByName().get(normaliseColourName(value)) ?? null;
}

/** How a known colour is stored: by its Spanish name, the catalogue's content language. */
export function storedColourName(colour: KnownColour): string {
  return colour.names.es[0];
}
