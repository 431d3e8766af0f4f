import sharp from 'sharp';
import type { Shape } from './demo-catalogue.js';

/**
 * Pictures for the demo data, drawn as SVG and rendered by sharp: nothing is downloaded, and the
 * same data always gives the same picture.
 */

const SIZE = 600;
const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"`;
const OUTLINE = `stroke="#1f2937" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"`;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The garment or object, drawn in the 600 x 600 box between y = 60 and y = 420. */
function shapeSvg(shape: Shape, fill: string): string {
  const f = `fill="${fill}" ${OUTLINE}`;
  const line = `fill="none" ${OUTLINE}`;
  switch (shape) {
    case 'tshirt':
      return `<path ${f} d="M215 95 L265 80 Q300 112 335 80 L385 95 L475 170 L425 230 L390 200 L390 420 L210 420 L210 200 L175 230 L125 170 Z"/>
        <path ${line} d="M265 80 Q300 130 335 80"/>`;
    case 'hoodie':
      return `<path ${f} d="M215 120 L255 105 L345 105 L385 120 L470 210 L470 410 L420 410 L410 250 L395 250 L395 420 L205 420 L205 250 L190 250 L180 410 L130 410 L130 210 Z"/>
        <path ${f} d="M255 105 Q250 45 300 45 Q350 45 345 105 Q300 140 255 105 Z"/>
        <path ${line} d="M300 130 L300 420 M285 130 L280 190 M315 130 L320 190"/>
        <rect ${f} x="245" y="300" width="110" height="60" rx="10"/>`;
    case 'jacket':
      return `<path ${f} d="M205 95 L265 80 L300 130 L335 80 L395 95 L470 190 L470 420 L420 420 L415 250 L400 250 L400 425 L200 425 L200 250 L185 250 L180 420 L130 420 L130 190 Z"/>
        <path ${line} d="M300 130 L300 425 M265 80 L285 170 L300 130 M335 80 L315 170 L300 130"/>
        <path ${line} d="M225 330 L270 330 M330 330 L375 330"/>`;
    case 'trousers':
      return `<path ${f} d="M215 80 L385 80 L415 425 L330 425 L300 190 L270 425 L185 425 Z"/>
        <path ${line} d="M215 110 L385 110 M300 110 L300 190 M235 110 Q245 160 215 170 M365 110 Q355 160 385 170"/>`;
    case 'shorts':
      return `<path ${f} d="M200 120 L400 120 L430 330 L320 340 L300 220 L280 340 L170 330 Z"/>
        <path ${line} d="M200 150 L400 150 M300 150 L300 220"/>`;
    case 'dress':
      return `<path ${f} d="M255 80 L345 80 L355 180 L445 425 L155 425 L245 180 Z"/>
        <path ${line} d="M265 80 L265 50 M335 80 L335 50 M245 180 L355 180"/>`;
    case 'skirt':
      return `<path ${f} d="M230 130 L370 130 L445 400 L155 400 Z"/>
        <path ${line} d="M230 160 L370 160 M260 160 L225 400 M300 160 L300 400 M340 160 L375 400"/>`;
    case 'sneaker':
      return `<path ${f} d="M115 340 L150 225 Q200 215 240 250 L300 270 Q420 280 475 320 Q495 345 475 370 L130 370 Q105 360 115 340 Z"/>
        <rect fill="#f8fafc" ${OUTLINE} x="112" y="362" width="372" height="36" rx="16"/>
        <path ${line} d="M215 255 L250 235 M235 268 L270 248 M255 280 L290 260"/>
        <path ${line} d="M300 330 Q370 300 440 335"/>`;
    case 'boot':
      return `<path ${f} d="M210 90 L320 90 L320 280 Q420 285 455 340 L455 380 L210 380 Z"/>
        <rect fill="#374151" ${OUTLINE} x="205" y="375" width="255" height="35" rx="10"/>
        <path ${line} d="M320 100 L320 270"/>
        <rect fill="#6b7280" ${OUTLINE} x="230" y="120" width="40" height="110" rx="12"/>`;
    case 'shoe':
      return `<path ${f} d="M110 330 Q130 270 200 270 L300 280 Q440 290 480 340 Q490 365 470 372 L120 372 Q100 360 110 330 Z"/>
        <rect fill="#e5e7eb" ${OUTLINE} x="105" y="365" width="380" height="28" rx="12"/>
        <path ${line} d="M220 285 Q260 320 330 292"/>`;
    case 'cap':
      return `<path ${f} d="M160 310 Q160 140 300 140 Q440 140 440 310 Z"/>
        <path ${f} d="M300 310 L505 305 Q515 340 470 348 L300 335 Z"/>
        <path ${line} d="M300 140 L300 310 M230 160 Q215 230 225 310 M370 160 Q385 230 375 310"/>
        <circle fill="${fill}" ${OUTLINE} cx="300" cy="138" r="12"/>`;
    case 'beanie':
      return `<path ${f} d="M170 330 Q170 140 300 140 Q430 140 430 330 Z"/>
        <rect ${f} x="155" y="320" width="290" height="70" rx="18"/>
        <circle ${f} cx="300" cy="120" r="32"/>
        <path ${line} d="M200 330 L200 380 M245 330 L245 380 M290 330 L290 380 M335 330 L335 380 M380 330 L380 380"/>`;
    case 'bag':
      return `<path ${line} d="M225 225 Q225 110 300 110 Q375 110 375 225"/>
        <rect ${f} x="160" y="220" width="280" height="190" rx="28"/>
        <path ${line} d="M160 275 L440 275"/>
        <rect fill="#e5e7eb" ${OUTLINE} x="285" y="262" width="30" height="28" rx="6"/>`;
    case 'backpack':
      return `<rect ${f} x="185" y="100" width="230" height="320" rx="60"/>
        <rect ${f} x="215" y="270" width="170" height="120" rx="24"/>
        <path ${line} d="M250 100 Q250 60 300 60 Q350 60 350 100 M215 300 L385 300"/>`;
    case 'glasses':
      return `<circle fill="${fill}" fill-opacity="0.85" stroke="#1f2937" stroke-width="18" cx="205" cy="260" r="80"/>
        <circle fill="${fill}" fill-opacity="0.85" stroke="#1f2937" stroke-width="18" cx="395" cy="260" r="80"/>
        <path fill="none" stroke="#1f2937" stroke-width="16" stroke-linecap="round" d="M285 250 Q300 230 315 250 M125 240 L80 210 M475 240 L520 210"/>`;
    case 'watch':
      return `<rect ${f} x="255" y="60" width="90" height="360" rx="20"/>
        <circle fill="#f8fafc" stroke="#1f2937" stroke-width="14" cx="300" cy="240" r="95"/>
        <path fill="none" stroke="#1f2937" stroke-width="8" stroke-linecap="round" d="M300 240 L300 180 M300 240 L345 265"/>`;
    case 'belt':
      return `<rect ${f} x="70" y="220" width="460" height="80" rx="16"/>
        <rect fill="#d1d5db" stroke="#1f2937" stroke-width="10" x="150" y="200" width="90" height="120" rx="12"/>
        <path fill="none" stroke="#1f2937" stroke-width="8" d="M195 215 L195 305"/>
        <circle fill="#1f2937" cx="330" cy="260" r="7"/><circle fill="#1f2937" cx="380" cy="260" r="7"/><circle fill="#1f2937" cx="430" cy="260" r="7"/>`;
  }
}

/** Splits a title into lines of at most `maxChars`, shortening the last allowed line when needed. */
function titleLines(title: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const current = lines[lines.length - 1];
    if (current !== undefined && (current + ' ' + word).length <= maxChars) lines[lines.length - 1] = `${current} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const last = lines.slice(maxLines - 1).join(' ');
  return [...lines.slice(0, maxLines - 1), `${last.slice(0, maxChars - 1).trimEnd()}…`];
}

/** Two lines in large type when the title fits, otherwise three in smaller type. */
function titleText(title: string): string {
  const large = titleLines(title, 24, 3);
  const [lines, size, top, step] = large.length <= 2 ? [large, 38, 488, 48] : [titleLines(title, 29, 3), 32, 478, 40];
  const y = (i: number) => (lines.length === 1 ? 505 : top + i * step);
  return lines
    .map((line, i) => `<text x="300" y="${y(i)}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#111827" ${FONT}>${escapeXml(line)}</text>`)
    .join('');
}

export interface ProductPicture {
  title: string;
  brand: string;
  shape: Shape;
  colour: string;
  /** The background and the disc behind the object (the category's tones). */
  tint: readonly [string, string];
}

export function productSvg(p: ProductPicture): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
    <rect width="${SIZE}" height="${SIZE}" fill="${p.tint[0]}"/>
    <circle cx="540" cy="60" r="250" fill="${p.tint[1]}"/>
    <ellipse cx="300" cy="415" rx="210" ry="22" fill="#000" fill-opacity="0.08"/>
    ${shapeSvg(p.shape, p.colour)}
    <rect x="0" y="445" width="${SIZE}" height="155" fill="#fff"/>
    ${titleText(p.title)}
    <text x="24" y="40" font-size="22" font-weight="bold" fill="#1f2937" fill-opacity="0.75" letter-spacing="2" ${FONT}>${escapeXml(p.brand.toUpperCase())}</text>
  </svg>`;
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

export function avatarSvg(name: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <rect width="256" height="256" fill="${colour}"/>
    <circle cx="128" cy="128" r="96" fill="#fff" fill-opacity="0.18"/>
    <text x="128" y="158" font-size="84" font-weight="bold" text-anchor="middle" fill="#fff" ${FONT}>${escapeXml(initials(name))}</text>
  </svg>`;
}

/**
 * Low effort keeps the whole seed at a few seconds; the pictures are flat colour, so it costs little
 * size. (Gradients and translucency were dropped for the same reason: they doubled librsvg's time.)
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

/** Runs `tasks` with at most `limit` in flight: sharp works on the libuv pool, and more would only queue there. */
export async function runPool(tasks: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
