import sharp from 'sharp';
import type { Shape } from './demo-catalogue.js';
import { mix } from './demo-colour.js';
import { type Pattern, type ProductLook, pickLook } from './demo-looks.js';
import { drawObject } from './demo-shapes.js';
import type { Random } from './random.js';

/**
 * Pictures for the demo data, drawn as SVG and rendered by sharp: nothing is downloaded, and the
 * same data always gives the same picture. Product pictures carry no words: the card prints the
 * title beside them, and drawn text is illegible on a phone anyway.
 */

const SIZE = 600;
const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"`;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The studio: a wall in the category's tint, lighter where the light falls, and a paler floor. */
function floorOf(tint: readonly [string, string]): string {
  return mix(mix(tint[0], tint[1], 0.35), '#ffffff', 0.66);
}

function backdrop(tint: readonly [string, string]): string {
  const wall = mix(tint[0], '#ffffff', 0.5);
  const floor = floorOf(tint);
  // Flat rings stand in for a radial gradient, which costs librsvg more than the whole object.
  const glow = [0.1, 0.2, 0.3, 0.4]
    .map((t, i) => `<ellipse cx="300" cy="250" rx="${400 - i * 70}" ry="${330 - i * 58}" fill="${mix(wall, '#ffffff', t)}"/>`)
    .join('');
  const floorGlow = [0.12, 0.24]
    .map((t, i) => `<ellipse cx="300" cy="${560 - i * 10}" rx="${420 - i * 110}" ry="${150 - i * 40}" fill="${mix(floor, '#ffffff', t)}"/>`)
    .join('');
  return `<rect width="${SIZE}" height="${SIZE}" fill="${wall}"/>${glow}
    <clipPath id="floor"><path d="M0 368 Q300 350 600 368 L600 600 L0 600 Z"/></clipPath>
    <g clip-path="url(#floor)"><rect width="${SIZE}" height="${SIZE}" fill="${floor}"/>${floorGlow}</g>
    <path d="M0 368 Q300 350 600 368" fill="none" stroke="${mix(wall, '#0b0f19', 0.04)}" stroke-width="3"/>`;
}

/** A soft contact shadow: nested flat ellipses, darkest and narrowest where the object touches. */
function contactShadow([cx, y, rx]: readonly [number, number, number], floorTint: string): string {
  return [0.05, 0.09, 0.14, 0.2]
    .map((t, i) => `<ellipse cx="${cx}" cy="${y}" rx="${Math.round(rx * (1.12 - i * 0.14))}" ry="${Math.round(22 - i * 4.5)}" fill="${mix(floorTint, '#0b0f19', t)}"/>`)
    .join('');
}

export interface ProductPicture {
  shape: Shape;
  /** The kind and the detail of the title: they choose between variants of the drawing. */
  words: string;
  look: ProductLook;
  /** The category's tones, for the backdrop. */
  tint: readonly [string, string];
}

/** A product photo without words: the object centred on a soft studio backdrop with its shadow. */
export function productSvg(p: ProductPicture): string {
  const object = drawObject(p.shape, p.look, p.words);
  const [gx, gy, rx] = object.ground;
  const scale = object.fabric ? 1 : (object.scale ?? 1);
  const lean = p.look.tilt && !object.fabric ? ` rotate(${p.look.tilt} ${gx} ${gy - 120})` : '';
  const grow = scale === 1 ? '' : ` translate(${gx} ${gy}) scale(${scale}) translate(${-gx} ${-gy})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
    ${backdrop(p.tint)}
    ${contactShadow([gx + p.look.shift, gy, rx * scale], floorOf(p.tint))}
    ${object.fabric ? `<defs>${object.fabric}</defs>` : ''}
    <g transform="translate(${p.look.shift} 0)${grow}${lean}">${object.svg}</g>
  </svg>`;
}

/**
 * A look whose drawing no other product has (`taken` holds the drawings so far and gets this one).
 * The drawing decides, not the look: a pocket or a logo that an object does not show makes no difference.
 * Where it stands in the frame does not count either.
 */
export function distinctLook(rng: Random, shape: Shape, words: string, colour: string, pattern: Pattern, taken: Set<string>): ProductLook {
  for (let attempt = 0; ; attempt++) {
    const look = pickLook(rng, shape, colour, pattern);
    const drawing = drawObject(shape, look, words);
    const key = drawing.svg + drawing.fabric;
    // Fifty misses in a row would mean the object has run out of variations; a repeat beats looping forever.
    if (!taken.has(key) || attempt >= 50) {
      taken.add(key);
      return look;
    }
  }
}

function initials(name: string): string {
  const words = name.replace(/&/g, ' ').split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? (words[0]?.[0] ?? '') + (words[1]?.[0] ?? '') : name.slice(0, 2);
  return letters.toUpperCase();
}

export function brandLogoSvg(name: string, colour: string, ink: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <rect width="256" height="256" rx="48" fill="${colour}"/>
    <circle cx="128" cy="104" r="64" fill="none" stroke="${ink}" stroke-width="6"/>
    <text x="128" y="126" font-size="60" font-weight="bold" text-anchor="middle" fill="${ink}" ${FONT}>${escapeXml(initials(name))}</text>
    <text x="128" y="214" font-size="${Math.min(28, Math.floor(300 / name.length))}" font-weight="bold" text-anchor="middle" fill="${ink}" letter-spacing="1" ${FONT}>${escapeXml(name.toUpperCase())}</text>
  </svg>`;
}

/**
 * Low effort keeps the whole seed at a few seconds; the pictures are flat colour, so it costs little
 * size. (For the same reason the drawings use no gradients or blur: either costs librsvg more than
 * the whole object.)
 */
const WEBP = { quality: 80, effort: 0 } as const;

export async function renderWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
}

/** The full picture and its thumbnail, from one rasterisation of the SVG. */
export async function renderWithThumbnail(svg: string, thumbnailSize: number): Promise<{ full: Buffer; thumbnail: Buffer }> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [full, thumbnail] = await Promise.all([
    sharp(data, raw).webp(WEBP).toBuffer(),
    sharp(data, raw).resize(thumbnailSize, thumbnailSize).webp(WEBP).toBuffer(),
  ]);
  return { full, thumbnail };
}
