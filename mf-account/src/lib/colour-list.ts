import { knownColour, normaliseColourName, storedColourName } from '@linkhunt/contracts/colours';
import { MAX_COLOUR_NAME_LENGTH, MAX_PRODUCT_COLOURS } from '@linkhunt/contracts/limits';

/** One colour's identity: a known colour whatever its spelling or language, any other by its normalised text. */
export function colourIdentity(value: string): string {
  const known = knownColour(value);
  return known ? `known:${known.key}` : `typed:${normaliseColourName(value)}`;
}

/**
 * A product's colours as the form keeps and sends them: trimmed, each once, and a known colour under its
 * Spanish name whatever language it was typed or stored in. Spanish, not the colour's key, because the
 * catalogue's content is Spanish: older products and the demo data store "negro", the product page shows any
 * stored name translated, and a colour sent as "black" from one form and "negro" from another would otherwise
 * be two colours in the data. Free text stays as typed.
 */
export function tidyColours(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const tidy: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/\s+/g, ' ');
    if (!value) continue;
    const identity = colourIdentity(value);
    if (seen.has(identity)) continue;
    seen.add(identity);
    const known = knownColour(value);
    tidy.push(known ? storedColourName(known) : value);
  }
  return tidy;
}

/** Colours typed in one box, separated by commas (as the form's older version asked for them). */
export function coloursFromText(text: string): string[] {
  return tidyColours(text.split(','));
}

/** `list` without the colour `value` stands for, in whatever spelling it is there. */
export function withoutColour(list: readonly string[], value: string): string[] {
  const identity = colourIdentity(value);
  return list.filter((colour) => colourIdentity(colour) !== identity);
}

/** Whether `list` holds the colour `value` stands for. */
export function hasColour(list: readonly string[], value: string): boolean {
  const identity = colourIdentity(value);
  return list.some((colour) => colourIdentity(colour) === identity);
}

export type AddedColours = { colours: string[]; problem: null } | { colours: readonly string[]; problem: 'tooLong' | 'tooMany' };

/**
 * `list` with the colours typed in `text` (commas between several) added, or the reason the API would refuse
 * them: a name longer than it takes, or more colours than a product can have. Nothing is added then.
 */
export function addTypedColours(list: readonly string[], text: string): AddedColours {
  const typed = coloursFromText(text);
  if (typed.some((colour) => colour.length > MAX_COLOUR_NAME_LENGTH)) return { colours: list, problem: 'tooLong' };
  const colours = tidyColours([...list, ...typed]);
  if (colours.length > MAX_PRODUCT_COLOURS) return { colours: list, problem: 'tooMany' };
  return { colours, problem: null };
}
