/**
 * Colour arithmetic for the demo drawings. Shades and highlights are worked out here as flat colours,
 * because librsvg renders flat fills much faster than gradients or transparency.
 */

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** `a` moved the fraction `t` of the way towards `b`. */
export function mix(a: string, b: string, t: number): string {
  const [ca, cb] = [channels(a), channels(b)];
  return toHex(ca.map((c, i) => c + ((cb[i] ?? c) - c) * t));
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** How far apart two colours look, roughly (0 to about 440). */
export function distance(a: string, b: string): number {
  const [ca, cb] = [channels(a), channels(b)];
  return Math.hypot(...ca.map((c, i) => c - (cb[i] ?? c)));
}

/** The tones one material shows in a studio light: lit face, base, shade side, deep folds and the edge line. */
export interface Tones {
  base: string;
  light: string;
  shade: string;
  deep: string;
  line: string;
}

export function tones(base: string): Tones {
  const l = luminance(base);
  // Dark materials need a stronger highlight to show it at all, light ones a stronger shade.
  return {
    base,
    light: mix(base, '#ffffff', l < 0.1 ? 0.16 : 0.22),
    shade: mix(base, '#0b0f19', l > 0.6 ? 0.13 : 0.2),
    deep: mix(base, '#0b0f19', l > 0.6 ? 0.28 : 0.42),
    line: mix(base, '#0b0f19', l > 0.6 ? 0.32 : l < 0.1 ? 0.55 : 0.45),
  };
}
