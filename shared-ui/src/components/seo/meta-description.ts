/** Search engines show about this much of a description, and link previews less. */
export const META_DESCRIPTION_LENGTH = 160;

const ELLIPSIS = '…';

/**
 * A page's description as meta, og and twitter descriptions carry it: on one line, and at most `max`
 * characters (code points, so no emoji is split). A longer text is cut after its last whole word that fits
 * with an ellipsis, without the punctuation the cut leaves dangling; only a single word longer than the whole
 * room is cut inside.
 */
export function metaDescription(text: string, max = META_DESCRIPTION_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  if (chars.length <= max) return clean;
  const room = chars.slice(0, max - 1).join('');
  // The cut falls between words when the next character is the space after the last one that fits.
  const betweenWords = chars[max - 1] === ' ';
  const lastSpace = room.lastIndexOf(' ');
  const kept = betweenWords || lastSpace <= 0 ? room : room.slice(0, lastSpace);
  return `${kept.replace(/[\s.,;:·\-–—(¿¡"'«“‘]+$/u, '')}${ELLIPSIS}`;
}
