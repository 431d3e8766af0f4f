import type { Shape } from './demo-catalogue.js';
import { mix, type Tones, tones } from './demo-colour.js';
import { type Mark, MARKS, type ProductLook } from './demo-looks.js';

/**
 * The objects of the demo pictures, drawn like product photos in the 600 x 600 frame: flat colour
 * for each face (lit, base, shade), thin lines of a darker tone of the same colour, seams and
 * stitching. Measured with librsvg: a few translucent shades clipped to a piece cost next to
 * nothing, a gradient or a blur several milliseconds a picture. The fabric's pattern is an SVG
 * <pattern> (`url(#fabric)`), fast as long as the object is only translated: rotated or scaled it
 * costs five times the whole picture, so patterned objects never lean or grow.
 */

export interface Drawing {
  svg: string;
  /** Where the contact shadow goes: centre x, floor y and half-width. */
  ground: readonly [number, number, number];
  /** The fabric pattern's tile for this object (empty when plain). */
  fabric: string;
  /** Enlargement about the ground point; only for drawings without a fabric pattern, which librsvg would slow down on. */
  scale?: number;
}

interface Ctx {
  t: Tones;
  a: Tones;
  look: ProductLook;
  /** Title words: the kind and its detail, which pick the variant of the drawing (zip, lapels, high-top...). */
  words: string;
  patterned: boolean;
}

const ROUND = 'stroke-linejoin="round" stroke-linecap="round"';
const INK = '#0b0f19';

function fill(d: string, colour: string, line?: string, width = 2.5): string {
  return `<path d="${d}" fill="${colour}"${line ? ` stroke="${line}" stroke-width="${width}" ${ROUND}` : ''}/>`;
}

function line(d: string, colour: string, width = 2): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" ${ROUND}/>`;
}

function stitch(d: string, colour: string, width = 1.6): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="5 4" stroke-linecap="round"/>`;
}

/** A piece of the fabric: base colour, the pattern over it, then the edge line. */
function cloth(d: string, c: Ctx, tone: Tones = c.t): string {
  if (!c.patterned || tone !== c.t) return fill(d, tone.base, tone.line);
  return `${fill(d, tone.base)}<path d="${d}" fill="url(#fabric)" stroke="${tone.line}" stroke-width="2.5" ${ROUND}/>`;
}

/** Light and shade laid over a piece, clipped to it, translucent so the pattern shows through. */
function lighting(id: string, clip: string, shade: string, light = ''): string {
  return `<clipPath id="${id}"><path d="${clip}"/></clipPath><g clip-path="url(#${id})">${
    shade ? `<path d="${shade}" fill="${INK}" fill-opacity="0.13"/>` : ''}${light ? `<path d="${light}" fill="#fff" fill-opacity="0.12"/>` : ''}</g>`;
}

/** Creases: a dark and a light line side by side, as a fold looks in soft light. */
function crease(d: string, dx = 3): string {
  return `<path d="${d}" fill="none" stroke="${INK}" stroke-opacity="0.14" stroke-width="3" ${ROUND}/>` +
    `<path d="${d}" transform="translate(${dx} 0)" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="2.5" ${ROUND}/>`;
}

/** A small abstract logo (never letters), centred on (x, y) and about `s` wide. */
export function markSvg(mark: Mark, x: number, y: number, s: number, colour: string): string {
  const h = s / 2;
  switch (mark) {
    case 'none':
      return '';
    case 'disc':
      return `<circle cx="${x}" cy="${y}" r="${h * 0.78}" fill="none" stroke="${colour}" stroke-width="${s * 0.14}"/><circle cx="${x}" cy="${y}" r="${h * 0.3}" fill="${colour}"/>`;
    case 'triangle':
      return `<path d="M${x} ${y - h} L${x + h} ${y + h * 0.8} L${x - h} ${y + h * 0.8} Z" fill="${colour}"/>`;
    case 'diamond':
      return `<path d="M${x} ${y - h} L${x + h * 0.7} ${y} L${x} ${y + h} L${x - h * 0.7} ${y} Z" fill="${colour}"/>`;
    case 'wave':
      return `<path d="M${x - h} ${y + h * 0.2} Q${x - h * 0.2} ${y + h * 0.9} ${x + h} ${y - h * 0.6} Q${x - h * 0.1} ${y + h * 0.35} ${x - h} ${y + h * 0.2} Z" fill="${colour}"/>`;
    case 'bars':
      return [0, 1, 2].map((i) => {
        const bx = x - h + i * h * 0.7;
        return `<path d="M${bx} ${y + h * 0.7} L${bx + h * 0.3} ${y + h * 0.7} L${bx + h * 0.75} ${y - h * 0.7} L${bx + h * 0.45} ${y - h * 0.7} Z" fill="${colour}"/>`;
      }).join('');
    case 'leaf':
      return `<path d="M${x - h} ${y + h} Q${x - h} ${y - h} ${x + h} ${y - h} Q${x + h} ${y + h} ${x - h} ${y + h} Z" fill="${colour}"/><path d="M${x - h * 0.7} ${y + h * 0.7} L${x + h * 0.5} ${y - h * 0.5}" stroke="${mix(colour, INK, 0.35)}" stroke-width="${s * 0.06}"/>`;
  }
}

/** A strip of ribbing (cuffs, waistbands): parallel lines between two edges. */
function ribs(x0: number, x1: number, y0: number, y1: number, step: number, colour: string, slant = 0): string {
  let d = '';
  for (let x = x0 + step / 2; x < x1; x += step) d += `M${x.toFixed(1)} ${y0} L${(x + slant).toFixed(1)} ${y1} `;
  return line(d, colour, 1.4);
}

function has(c: Ctx, pattern: RegExp): boolean {
  return pattern.test(c.words);
}

/* ---------------------------------------------------------------- garments */

function tshirt(c: Ctx): Drawing {
  const sleeveless = has(c, /sin mangas|tirantes|canalé/i);
  const crop = has(c, /Top corto/);
  const collared = has(c, /Polo|Camisa/);
  const longSleeves = has(c, /manga larga/);
  const hem = crop ? 372 : 470;
  const body = sleeveless
    ? `M262 88 Q300 132 338 88 L370 88 Q376 168 412 204 L414 ${hem} Q300 ${hem + 10} 186 ${hem} L188 204 Q224 168 230 88 Z`
    : longSleeves
      ? `M255 100 Q300 126 345 100 L402 114 Q440 130 452 190 L486 420 L446 430 L414 250 L414 ${hem} Q300 ${hem + 10} 186 ${hem} L186 250 L154 430 L114 420 L148 190 Q160 130 198 114 Z`
      : `M255 100 Q300 126 345 100 L402 114 L492 178 L460 254 L412 232 L414 ${hem} Q300 ${hem + 10} 186 ${hem} L188 232 L140 254 L108 178 L198 114 Z`;
  const neckTop = sleeveless ? 88 : 100;
  const neckBack = sleeveless ? 'M258 88 Q300 70 342 88 Z' : 'M250 100 Q300 80 350 100 Z';
  const neckInner = sleeveless ? 'M264 89 Q300 80 336 89 Q300 126 264 89 Z' : 'M258 101 Q300 90 342 101 Q300 122 258 101 Z';
  const out: string[] = [fill(neckBack, c.t.shade, c.t.line, 1.8), cloth(body, c)];
  out.push(fill(neckInner, c.t.deep));
  out.push(lighting('tb', body,
    `M392 60 Q404 300 396 520 L640 520 L640 60 Z ${longSleeves ? 'M114 420 L154 430 L176 320 L150 300 Z' : ''}`,
    `M210 250 Q228 350 216 ${hem - 10} L238 ${hem - 10} Q248 350 232 250 Z M${sleeveless ? 0 : 112} 176 L196 118 L204 130 L124 186 Z`));
  if (!sleeveless && !longSleeves) {
    out.push(line('M198 116 Q208 176 188 232 M402 116 Q392 176 412 232', c.t.line, 1.8));
    out.push(stitch('M122 188 L152 246 M478 188 L448 246', c.t.line));
  }
  if (longSleeves) out.push(line('M198 116 Q190 190 186 250 M402 116 Q410 190 414 250', c.t.line, 1.8), stitch('M120 404 L156 414 M480 404 L444 414', c.t.line));
  out.push(stitch(`M190 ${hem - 14} Q300 ${hem - 4} 410 ${hem - 14}`, c.t.line));
  out.push(crease('M196 244 Q236 266 248 310'), crease('M404 244 Q364 266 352 310', -3));
  if (collared) {
    // A shirt or polo collar: two flat points and a placket with buttons.
    const band = c.look.pattern === 'block' ? c.a : c.t;
    out.push(fill('M255 100 L300 150 L276 166 L236 116 Z', band.base, band.line), fill('M345 100 L300 150 L324 166 L364 116 Z', band.base, band.line));
    out.push(fill('M292 150 L308 150 L308 260 L292 260 Z', c.t.base, c.t.line, 1.8));
    for (const y of [178, 214, 248]) out.push(`<circle cx="300" cy="${y}" r="4" fill="${c.a.light}" stroke="${c.a.line}" stroke-width="1.2"/>`);
  } else {
    const rib = c.look.pattern === 'block' ? c.a : c.t;
    out.push(sleeveless
      ? fill('M258 86 Q300 140 342 86 L338 88 Q300 130 262 88 Z', rib.shade, rib.line, 1.8)
      : fill('M250 98 Q300 142 350 98 L345 100 Q300 124 255 100 Z', rib.shade, rib.line, 1.8));
  }
  if (c.look.pocket && !crop) {
    out.push(cloth('M218 172 L266 172 L266 222 Q266 228 260 228 L224 228 Q218 228 218 222 Z', c), stitch('M218 180 L266 180', c.t.line));
    out.push(markSvg(c.look.mark, 242, 204, 22, c.a.base));
  } else {
    out.push(markSvg(c.look.mark, collared ? 350 : 356, neckTop + 82, 28, c.a.base));
  }
  return { svg: out.join(''), ground: [300, hem + 52, 170], fabric: fabricTile(c, { block: 'M0 0 H192 V600 H0 Z M408 0 H600 V600 H408 Z', stripes: 'h' }) };
}

function hoodie(c: Ctx): Drawing {
  const zip = has(c, /cremallera/i);
  const halfZip = has(c, /media cremallera/i);
  const body = 'M246 128 L354 128 L408 142 Q442 158 454 214 L486 416 L446 426 L418 252 L416 440 L184 440 L182 252 L154 426 L114 416 L146 214 Q158 158 192 142 Z';
  const hoodBack = 'M228 150 Q212 60 300 50 Q388 60 372 150 Z';
  const hoodRim = 'M244 140 Q246 70 300 66 Q354 70 356 140 Q300 176 244 140 Z';
  const hoodHole = 'M258 134 Q262 88 300 86 Q338 88 342 134 Q300 160 258 134 Z';
  const band = c.look.pattern === 'block' ? c.a : c.t;
  const out: string[] = [
    fill(hoodBack, c.t.shade, c.t.line),
    cloth(body, c),
    lighting('hb', body, 'M396 60 Q410 300 404 520 L640 520 L640 60 Z M114 416 L154 426 L170 330 L150 320 Z', 'M208 250 Q226 330 214 420 L236 420 Q246 330 230 250 Z'),
    line('M192 142 Q186 200 182 252 M408 142 Q414 200 418 252', c.t.line, 1.8),
    cloth(hoodRim, c),
    fill(hoodHole, c.t.deep),
    crease('M196 262 Q232 282 242 318'),
    crease('M404 262 Q368 282 358 318', -3),
    // Waistband and cuffs, ribbed.
    fill('M184 436 L416 436 L414 476 L186 476 Z', band.base, band.line),
    ribs(186, 414, 438, 474, 7, band.shade),
    fill('M446 418 L486 408 L494 450 L454 460 Z', band.base, band.line),
    fill('M154 418 L114 408 L106 450 L146 460 Z', band.base, band.line),
    ribs(452, 488, 416, 454, 7, band.shade, 3),
    ribs(112, 148, 416, 454, 7, band.shade, -3),
  ];
  if (zip) {
    const end = halfZip ? 250 : 436;
    out.push(line(`M300 150 L300 ${end}`, c.a.line, 5), stitch(`M300 150 L300 ${end}`, c.a.light, 2.5));
    out.push(fill(`M294 ${end - 4} L306 ${end - 4} L308 ${end + 18} L292 ${end + 18} Z`, c.a.light, c.a.line, 1.5));
  }
  if (!zip || halfZip) {
    out.push(cloth('M230 330 L370 330 Q380 330 384 340 L402 420 L198 420 L216 340 Q220 330 230 330 Z', c));
    out.push(line('M216 340 L198 420 M384 340 L402 420', c.t.deep, 3), stitch('M230 338 L370 338', c.t.line));
  } else {
    out.push(line('M210 350 L226 410 M390 350 L374 410', c.t.deep, 3));
  }
  // On a colour-blocked top the second colour is all around: strings and logo take the first.
  const trim = c.look.pattern === 'block' ? c.t : c.a;
  if (!zip) {
    out.push(line('M284 150 Q280 192 286 236 M316 150 Q320 192 314 236', trim.base, 5));
    out.push(fill('M282 232 L290 232 L291 250 L281 250 Z', trim.line), fill('M310 232 L318 232 L319 250 L309 250 Z', trim.line));
  }
  // On the chest, clear of the drawstrings: centred under them it would read as a face.
  out.push(markSvg(c.look.mark, zip ? 356 : 238, 204, 26, trim.base));
  return { svg: out.join(''), ground: [300, 520, 180], fabric: fabricTile(c, { block: 'M0 0 H600 V280 H0 Z', stripes: 'h' }) };
}

function jacket(c: Ctx): Drawing {
  const coat = has(c, /Abrigo/);
  const puffer = has(c, /puffer|acolchad/i);
  const denim = has(c, /vaquera/);
  const parka = has(c, /Parka/);
  const hooded = parka || has(c, /capucha/i);
  const hem = coat || parka ? 490 : 466;
  const body = `M244 100 L356 100 L410 118 Q446 136 456 196 L486 430 L446 440 L420 258 L418 ${hem} L182 ${hem} L180 258 L154 440 L114 430 L144 196 Q154 136 190 118 Z`;
  const band = c.look.pattern === 'block' ? c.a : c.t;
  const out: string[] = [];
  if (hooded) out.push(fill('M224 124 Q206 40 300 34 Q394 40 376 124 Z', c.t.shade, c.t.line));
  out.push(cloth(body, c));
  out.push(lighting('jb', body, 'M398 60 Q412 300 406 540 L640 540 L640 60 Z M114 430 L154 440 L170 340 L150 330 Z', 'M206 240 Q224 350 212 450 L234 450 Q244 350 228 240 Z'));
  out.push(line('M190 118 Q184 200 180 258 M410 118 Q416 200 420 258', c.t.line, 1.8));
  if (puffer) {
    // Quilted channels: a seam, and the puffed band above it catching the light.
    let seams = '';
    let puffs = '';
    for (let y = 170; y < hem; y += 56) {
      seams += `M100 ${y} Q300 ${y + 10} 500 ${y} `;
      puffs += `M100 ${y - 40} Q300 ${y - 30} 500 ${y - 40} L500 ${y - 26} Q300 ${y - 16} 100 ${y - 26} Z `;
    }
    out.push(`<clipPath id="jq"><path d="${body}"/></clipPath><g clip-path="url(#jq)"><path d="${puffs}" fill="#fff" fill-opacity="0.12"/>${line(seams, c.t.line, 2)}</g>`);
  } else {
    out.push(crease('M194 270 Q230 292 240 330'), crease('M406 270 Q370 292 360 330', -3));
  }
  out.push(fill('M446 432 L486 424 L490 450 L450 458 Z', band.base, band.line), fill('M154 432 L114 424 L110 450 L150 458 Z', band.base, band.line));
  if (coat) {
    // Lapels and a double row of buttons.
    out.push(fill('M244 100 L300 230 L300 262 L262 200 L236 150 L258 138 Z', c.t.light, c.t.line), fill('M356 100 L300 230 L300 262 L338 200 L364 150 L342 138 Z', c.t.light, c.t.line));
    out.push(fill('M250 102 Q300 90 350 102 L300 220 Z', c.t.deep));
    out.push(line(`M312 262 L312 ${hem}`, c.t.line, 2));
    for (const y of [296, 360, 424]) for (const x of [278, 338]) out.push(`<circle cx="${x}" cy="${y}" r="7" fill="${c.a.base}" stroke="${c.a.line}" stroke-width="1.5"/>`);
    out.push(line('M206 400 L252 392 M394 400 L348 392', c.t.line, 3));
  } else if (denim) {
    const thread = '#c8963e';
    out.push(fill('M246 100 Q300 88 354 100 L362 128 Q300 140 238 128 Z', c.t.light, c.t.line));
    out.push(stitch('M184 186 Q300 200 416 186', thread), line('M184 190 Q300 204 416 190', c.t.line, 1.6));
    out.push(line(`M300 130 L300 ${hem}`, c.t.line, 2), stitch(`M306 130 L306 ${hem - 4}`, thread));
    for (const y of [160, 230, 300, 370, 440]) out.push(`<circle cx="300" cy="${y}" r="6" fill="#b7bcc4" stroke="#4b5563" stroke-width="1.5"/>`);
    out.push(fill('M214 216 L274 216 L272 258 L244 266 L216 258 Z', c.t.light, c.t.line), fill('M386 216 L326 216 L328 258 L356 266 L384 258 Z', c.t.light, c.t.line));
    out.push(stitch('M220 222 L268 222 L266 254 L244 260 L222 254 Z M380 222 L332 222 L334 254 L356 260 L378 254 Z', thread));
    out.push(stitch('M230 210 L230 ' + (hem - 6) + ' M370 210 L370 ' + (hem - 6), thread));
    out.push(fill(`M182 ${hem - 30} L418 ${hem - 30} L418 ${hem} L182 ${hem} Z`, c.t.base, c.t.line), stitch(`M184 ${hem - 24} L416 ${hem - 24}`, thread));
  } else {
    out.push(fill('M244 100 Q300 84 356 100 L362 134 Q300 150 238 134 Z', band.base, band.line));
    out.push(fill('M252 104 Q300 92 348 104 Q300 118 252 104 Z', c.t.deep));
    out.push(line(`M300 146 L300 ${hem}`, c.a.line, 5), stitch(`M300 146 L300 ${hem}`, c.a.light, 2.4));
    out.push(fill('M294 150 L306 150 L308 176 L292 176 Z', c.a.light, c.a.line, 1.5));
    out.push(line('M212 380 L244 344 M388 380 L356 344', c.t.deep, 4));
    if (has(c, /Chándal|retro/)) out.push(line('M450 200 L478 420 M150 200 L122 420', c.a.base, 7));
  }
  if (parka) {
    let fur = '';
    for (let i = 0; i <= 12; i++) {
      const a = Math.PI * (1.05 + (i / 12) * 0.9);
      fur += `<circle cx="${(300 + Math.cos(a) * 74).toFixed(1)}" cy="${(124 + Math.sin(a) * 78).toFixed(1)}" r="13" fill="${c.a.light}" stroke="${c.a.line}" stroke-width="1"/>`;
    }
    out.push(fur, fill('M244 126 Q250 62 300 58 Q350 62 356 126 Q300 150 244 126 Z', c.t.deep));
  }
  if (c.look.pocket && !denim && !coat) out.push(cloth('M328 176 L378 176 L378 222 L328 222 Z', c), fill('M326 172 L380 172 L380 190 L326 190 Z', c.t.shade, c.t.line, 1.8));
  out.push(markSvg(c.look.mark, 244, 190, 24, c.look.pattern === 'block' ? c.t.base : c.a.base));
  return { svg: out.join(''), ground: [300, hem + 46, 180], fabric: fabricTile(c, { block: `M0 0 H600 V${denim ? 190 : 250} H0 Z`, stripes: 'h' }) };
}

function trousers(c: Ctx): Drawing {
  const leggings = has(c, /Mallas/);
  const denim = has(c, /Vaqueros|vaquer/);
  const cargo = has(c, /cargo/i);
  const wide = has(c, /baggy|ancha|holgado/i);
  const body = leggings
    ? 'M214 76 L386 76 L390 120 L372 482 L318 482 L302 236 L298 236 L282 482 L228 482 L210 120 Z'
    : wide
      ? 'M204 76 L396 76 L400 110 L436 482 L320 482 L302 226 L298 226 L280 482 L164 482 L200 110 Z'
      : 'M204 76 L396 76 L400 110 L420 482 L318 482 L302 226 L298 226 L282 482 L180 482 L200 110 Z';
  const thread = denim ? '#c8963e' : c.t.line;
  const out: string[] = [cloth(body, c)];
  out.push(lighting('pb', body,
    'M360 110 Q390 300 392 500 L640 500 L640 60 Z M302 226 L318 482 L336 482 Z',
    leggings ? 'M236 160 Q250 320 246 470 L262 470 Q266 320 254 160 Z' : 'M228 180 L218 470 L236 470 L246 180 Z M340 200 L346 470 L356 470 L352 200 Z'));
  out.push(fill(leggings ? 'M214 76 L386 76 L390 120 L210 120 Z' : 'M204 76 L396 76 L400 110 L200 110 Z', c.t.base, c.t.line));
  if (leggings) {
    out.push(stitch('M212 112 L388 112', c.t.line), line('M300 120 L300 236', c.t.line, 1.6));
    out.push(crease('M248 300 Q256 380 250 470'), crease('M352 300 Q344 380 350 470', -3));
  } else {
    for (const x of [226, 266, 334, 374]) out.push(fill(`M${x - 5} 72 L${x + 5} 72 L${x + 5} 116 L${x - 5} 116 Z`, c.t.base, c.t.line, 1.8));
    out.push(`<circle cx="300" cy="93" r="7" fill="${denim ? '#b7bcc4' : c.a.base}" stroke="${denim ? '#4b5563' : c.a.line}" stroke-width="1.5"/>`);
    out.push(line('M300 110 L300 226', c.t.line, 1.8), stitch('M310 112 L310 188 Q310 204 296 208', thread));
    out.push(line('M214 110 Q238 160 206 182 M386 110 Q362 160 394 182', c.t.line, 1.8));
    if (denim) {
      out.push(stitch('M220 110 Q244 164 210 190 M380 110 Q356 164 390 190', thread));
      out.push(`<circle cx="214" cy="114" r="3.5" fill="#d6b36a"/><circle cx="386" cy="114" r="3.5" fill="#d6b36a"/>`);
    }
    out.push(crease('M236 220 Q246 340 238 470'), crease('M360 220 Q352 340 360 470', -3));
    out.push(stitch(wide ? 'M168 466 L278 466 M322 466 L432 466' : 'M184 466 L280 466 M320 466 L416 466', thread));
  }
  if (cargo) {
    out.push(cloth('M186 250 L238 250 L238 330 L190 330 Z', c), fill('M184 244 L240 244 L240 264 L186 264 Z', c.t.shade, c.t.line, 1.8));
    out.push(cloth('M414 250 L362 250 L362 330 L410 330 Z', c), fill('M416 244 L360 244 L360 264 L414 264 Z', c.t.shade, c.t.line, 1.8));
  }
  out.push(markSvg(c.look.mark, leggings ? 244 : 362, leggings ? 160 : 150, 22, c.a.base));
  return { svg: out.join(''), ground: [300, 526, 170], fabric: fabricTile(c, { block: 'M0 0 H300 V600 H0 Z', stripes: 'v' }) };
}

function shorts(c: Ctx): Drawing {
  const body = 'M196 150 L404 150 L408 182 L432 380 Q380 394 320 386 L302 262 L298 262 L280 386 Q220 394 168 380 L192 182 Z';
  const trim = c.look.pattern === 'block' ? c.t : c.a;
  const out: string[] = [
    cloth(body, c),
    lighting('sb', body, 'M370 170 Q400 300 404 420 L640 420 L640 120 Z', 'M222 200 L212 370 L232 372 L240 200 Z'),
    fill('M196 150 L404 150 L408 184 L192 184 Z', c.t.base, c.t.line),
    ribs(198, 404, 152, 182, 9, c.t.shade),
    line('M292 184 Q286 214 292 236 M308 184 Q314 214 308 236', c.a.base, 4),
    line('M300 184 L300 262', c.t.line, 1.8),
    // Running shorts: the side split, edged in the trim colour.
    line('M170 378 Q220 392 280 384 M320 384 Q380 392 430 378', trim.base, 6),
    fill('M172 380 L188 352 L200 384 Z M428 380 L412 352 L400 384 Z', trim.base, trim.line, 1.5),
    crease('M240 240 Q248 300 242 370'),
    crease('M360 240 Q352 300 358 370', -3),
    markSvg(c.look.mark, 236, 350, 22, c.a.base),
  ];
  return { svg: out.join(''), ground: [300, 440, 160], fabric: fabricTile(c, { block: 'M300 0 H600 V600 H300 Z', stripes: 'v' }) };
}

function dress(c: Ctx): Drawing {
  const straps = has(c, /tirantes/);
  const shirt = has(c, /camisero/);
  const wrap = has(c, /cruzado/);
  const belted = has(c, /cinturón/) || shirt;
  const top = straps
    ? 'M250 112 Q300 132 350 112 L356 200'
    : 'M250 72 L276 72 Q300 116 324 72 L350 72 L356 200';
  const body = `${top} L362 236 Q412 340 452 472 Q300 498 148 472 Q188 340 238 236 L244 200 ${straps ? 'L250 112' : 'L250 72'} Z`;
  const out: string[] = [];
  if (straps) out.push(line('M256 114 L262 60 M344 114 L338 60', c.t.line, 6), line('M256 114 L262 60 M344 114 L338 60', c.t.base, 3.5));
  out.push(cloth(body, c));
  out.push(lighting('db', body,
    'M356 200 L362 236 Q412 340 452 472 L640 480 L640 100 Z M270 250 L226 486 L256 490 Z M330 250 L346 490 L376 488 Z',
    'M300 250 L296 490 L320 490 Z M250 120 L262 120 L262 230 L248 230 Z'));
  if (!straps) out.push(fill('M276 72 Q300 116 324 72 Q300 84 276 72 Z', c.t.deep));
  out.push(line('M240 236 Q300 248 360 236', c.t.line, 1.8));
  if (wrap) out.push(line('M276 74 Q300 160 360 236', c.t.line, 2.2));
  if (shirt) {
    out.push(fill('M276 72 L300 118 L282 130 L262 84 Z', c.t.light, c.t.line), fill('M324 72 L300 118 L318 130 L338 84 Z', c.t.light, c.t.line));
    for (const y of [150, 190, 280, 330, 380]) out.push(`<circle cx="300" cy="${y}" r="4" fill="${c.a.light}" stroke="${c.a.line}" stroke-width="1.2"/>`);
  }
  if (belted) out.push(fill('M240 228 Q300 240 362 228 L364 250 Q300 262 238 250 Z', c.a.base, c.a.line, 2));
  out.push(stitch('M156 460 Q300 484 444 460', c.t.line));
  out.push(markSvg(c.look.mark, shirt ? 330 : 300, 160, 20, c.look.pattern === 'block' ? c.t.base : c.a.base));
  return { svg: out.join(''), ground: [300, 530, 170], fabric: fabricTile(c, { block: 'M0 0 H600 V240 H0 Z', stripes: 'h' }) };
}

function skirt(c: Ctx): Drawing {
  const mini = has(c, /Minifalda/);
  const pleated = has(c, /plisada/);
  const hem = mini ? 400 : has(c, /larga/) ? 486 : 446;
  const flare = mini ? 112 : has(c, /vuelo|larga/) ? 168 : 150;
  const l = 300 - flare;
  const r = 300 + flare;
  const body = `M232 128 L368 128 L372 160 Q${r - 20} ${(160 + hem) / 2} ${r} ${hem} Q300 ${hem + 22} ${l} ${hem} Q${l + 20} ${(160 + hem) / 2} 228 160 Z`;
  const out: string[] = [cloth(body, c)];
  let folds = '';
  let lines = '';
  const count = pleated ? 10 : 5;
  for (let i = 0; i < count; i++) {
    const x0 = 232 + (136 * i) / count;
    const x1 = l + ((r - l) * i) / count;
    const x2 = l + ((r - l) * (i + 0.5)) / count;
    if (pleated || i % 2 === 1) folds += `M${x0.toFixed(1)} 160 L${x1.toFixed(1)} ${hem + 12} L${x2.toFixed(1)} ${hem + 14} Z `;
    if (pleated && i > 0) lines += `M${x0.toFixed(1)} 160 L${x1.toFixed(1)} ${hem + 10} `;
  }
  out.push(lighting('kb', body, folds, `M${(300 - flare * 0.1).toFixed(0)} 170 L${(300 - flare * 0.25).toFixed(0)} ${hem + 10} L${(300 - flare * 0.05).toFixed(0)} ${hem + 10} Z`));
  if (lines) out.push(`<clipPath id="kl"><path d="${body}"/></clipPath><g clip-path="url(#kl)">${line(lines, c.t.line, 1.4)}</g>`);
  out.push(fill('M232 128 L368 128 L372 162 L228 162 Z', c.t.base, c.t.line));
  if (mini) {
    const thread = '#c8963e';
    out.push(`<circle cx="300" cy="145" r="6" fill="#b7bcc4" stroke="#4b5563" stroke-width="1.5"/>`);
    out.push(line('M300 162 L300 250', c.t.line, 1.8), stitch('M308 164 L308 236 Q308 248 296 250', thread));
    out.push(line('M240 162 Q254 198 230 212 M360 162 Q346 198 370 212', c.t.line, 1.8));
    let fray = '';
    for (let x = l + 8; x < r - 4; x += 9) fray += `M${x} ${hem + 6} L${x + 1} ${hem + 14} `;
    out.push(line(fray, c.t.light, 1.6));
  } else {
    out.push(stitch(`M${l + 10} ${hem - 6} Q300 ${hem + 14} ${r - 10} ${hem - 6}`, c.t.line));
  }
  out.push(markSvg(c.look.mark, 342, 145, 16, c.a.base));
  return { svg: out.join(''), ground: [300, hem + 58, flare + 20], fabric: fabricTile(c, { block: 'M0 0 H600 V600 H0 Z', stripes: 'v' }) };
}

/* -------------------------------------------------------------------- shoes */

function sneaker(c: Ctx): Drawing {
  const high = has(c, /caña alta|baloncesto/);
  const chunky = has(c, /chunky|suela gruesa/i);
  const canvas = has(c, /skate|lona|vulcaniz/i);
  const lift = chunky ? 24 : 0;
  const block = c.look.pattern === 'block';
  const panel = block ? c.a : c.t;
  const soleTone = tones(c.look.accent === '#111827' || block ? '#f4f4f5' : mix(c.look.accent, '#ffffff', 0.55));
  const upper = high
    ? 'M122 356 C106 300 114 200 132 158 Q146 146 172 150 L222 160 Q240 166 246 186 Q262 262 336 292 Q400 304 436 314 Q484 326 494 346 Q496 356 486 358 Z'
    : 'M122 356 C110 318 112 282 128 250 Q142 238 166 242 L206 252 Q228 260 244 270 Q290 282 336 292 Q400 304 436 314 Q484 326 494 346 Q496 356 486 358 Z';
  const out: string[] = [
    fill(upper, c.t.base, c.t.line),
    lighting('ub', upper, 'M100 336 L520 330 L520 380 L100 380 Z', 'M340 296 Q410 306 456 326 L448 334 Q404 316 340 308 Z M132 270 Q124 300 128 340 L136 340 Q132 300 140 268 Z'),
    // The inside of the collar, and the tongue rising out of it.
    fill(high ? 'M140 160 Q190 150 244 186 Q190 172 142 170 Z' : 'M136 252 Q176 240 240 270 Q186 262 138 262 Z', c.t.deep),
    fill(high ? 'M236 186 Q234 136 260 126 Q282 120 288 134 Q286 200 304 276 Z' : 'M232 268 Q236 230 258 220 Q278 214 284 226 Q290 250 298 284 Z', panel.light, panel.line, 2),
    fill('M424 312 Q476 322 492 344 Q496 356 486 358 L414 358 Q404 334 424 312 Z', panel.base, panel.line, 2),
    fill('M122 356 C114 320 114 290 120 262 Q158 266 178 300 Q190 330 188 358 Z', panel.base, panel.line, 2),
    stitch('M420 322 Q466 330 484 348 M126 272 Q160 278 174 306 Q182 330 180 352', panel.line, 1.4),
    fill(high ? 'M246 186 Q262 262 336 292 L332 306 Q252 278 234 190 Z' : 'M244 270 Q290 282 336 292 L334 306 Q288 296 240 284 Z', panel.shade, panel.line, 1.8),
  ];
  const holes = high ? [[244, 202], [250, 226], [260, 248], [276, 266], [296, 280], [318, 290]] : [[252, 282], [274, 288], [296, 292], [318, 297]];
  let laces = '';
  let eyelets = '';
  for (const [x, y] of holes as [number, number][]) {
    laces += `M${x - 8} ${y + 2} L${x + 16} ${y - 14} `;
    eyelets += `<circle cx="${x}" cy="${y + 4}" r="2.6" fill="${c.t.deep}"/>`;
  }
  out.push(eyelets, line(laces, soleTone.line, 6.5), line(laces, soleTone.base, 4.5));
  if (c.look.pattern === 'stripes') {
    // A racing band along the side, from the heel counter to the toe cap.
    out.push(fill('M182 316 Q300 300 424 318 L420 336 Q300 318 186 334 Z', c.a.base, c.a.line, 1.5), line('M188 342 Q300 326 418 344', c.a.base, 3));
    out.push(markSvg(c.look.mark, 148, 316, 20, c.a.base));
  } else {
    out.push(markSvg(c.look.mark, 320, 328, 56, block ? c.t.base : c.a.base));
  }
  const upperGroup = lift ? `<g transform="translate(0 ${-lift})">${out.join('')}</g>` : out.join('');
  // Midsole, with the toe curving up, and the darker outsole under it.
  const top = 352 - lift;
  const sole = [
    fill(`M112 ${top} L488 ${top - 2} Q506 ${top} 508 ${top + 12} Q506 380 488 384 L134 388 Q112 386 110 ${Math.min(370, top + 18)} Q110 ${top + 4} 112 ${top} Z`, soleTone.base, soleTone.line),
    line(`M116 ${top + 10} L500 ${top + 8}`, soleTone.shade, canvas ? 3.5 : 1.6),
    chunky ? line(`M124 ${top + 30} Q184 ${top + 16} 244 ${top + 30} Q304 ${top + 44} 364 ${top + 30} Q424 ${top + 16} 494 ${top + 28}`, soleTone.shade, 2.5) : '',
    fill('M112 380 L502 374 Q500 392 480 394 L134 396 Q112 394 112 380 Z', '#3f3f46', '#18181b', 2),
  ];
  return { svg: upperGroup + sole.join(''), ground: [310, 396, 200], fabric: '', scale: 1.14 };
}

function boot(c: Ctx): Drawing {
  const laced = has(c, /cordones|Botines/);
  const suede = has(c, /ante/);
  const shape = 'M204 372 C188 330 194 250 198 96 L306 96 C308 180 314 240 338 274 Q372 300 436 312 Q488 322 494 350 Q496 366 484 370 Z';
  const gusset = c.look.pattern === 'block' ? c.a : tones(mix(c.look.colour, INK, 0.5));
  const out: string[] = [
    fill('M194 78 L214 78 L214 130 L196 130 Z', c.a.base, c.a.line, 1.6),
    fill(shape, c.t.base, c.t.line),
    lighting('bb', shape, 'M100 336 L520 330 L520 400 L100 400 Z M198 90 L226 90 L222 380 L192 380 Z', suede ? '' : 'M340 282 Q400 306 470 326 L462 336 Q400 318 340 296 Z M272 112 L286 112 L288 240 L276 240 Z'),
    fill('M202 98 Q256 86 306 98 Q256 110 202 98 Z', c.t.deep),
  ];
  if (laced) {
    out.push(line('M296 104 Q300 210 334 276', c.t.line, 2));
    let laces = '';
    for (let i = 0; i < 6; i++) {
      const t = i / 6;
      const x = 296 + t * t * 40;
      const yy = 118 + t * 150;
      laces += `M${(x - 16).toFixed(1)} ${yy.toFixed(1)} L${(x + 10).toFixed(1)} ${(yy + 12).toFixed(1)} `;
    }
    out.push(line(laces, c.a.line, 6), line(laces, c.a.base, 4));
  } else {
    out.push(fill('M236 100 L290 100 Q286 196 262 252 Q240 196 236 100 Z', gusset.base, gusset.line, 2));
    let ribsD = '';
    for (let x = 244; x < 286; x += 7) ribsD += `M${x} 104 L${x + (262 - x) * 0.6} 236 `;
    out.push(line(ribsD, gusset.shade, 1.4));
  }
  out.push(stitch('M204 354 L470 352 Q486 352 490 346', c.t.line, 1.4));
  out.push(fill('M192 366 L492 362 Q498 384 480 388 L196 390 Z', '#292524', '#0c0a09', 2), fill('M194 384 L264 384 L262 410 L198 410 Z', '#1c1917', '#0c0a09', 2));
  out.push(markSvg(c.look.mark, 240, 304, 22, c.a.base));
  return { svg: out.join(''), ground: [344, 410, 180], fabric: '', scale: 1.08 };
}

function shoe(c: Ctx): Drawing {
  const espadrille = has(c, /Alpargatas/);
  const wedge = has(c, /cuña/);
  const lift = wedge ? 36 : 0;
  const upper = `M112 ${346 - lift} Q106 ${296 - lift} 150 ${288 - lift} L232 296 Q256 300 268 288 Q320 276 372 290 Q456 308 486 342 Q494 356 478 362 L116 362 Z`;
  const out: string[] = [
    fill(upper, c.t.base, c.t.line),
    lighting('sh', upper, 'M100 340 L500 340 L500 370 L100 370 Z', 'M300 290 Q400 296 460 330 L450 338 Q390 306 300 302 Z'),
    fill(`M146 ${294 - lift} Q200 ${312 - lift / 2} 270 290 Q210 ${300 - lift / 2} 146 ${294 - lift} Z`, c.t.deep),
  ];
  if (espadrille) {
    out.push(stitch('M270 292 Q330 286 380 296', c.t.line));
    const soleTop = 356;
    out.push(fill(`M108 ${soleTop - lift} L480 ${soleTop} Q496 ${soleTop + 10} 486 ${soleTop + 26} L116 ${soleTop + 26} Q104 ${soleTop + 10 - lift / 2} 108 ${soleTop - lift} Z`, '#d8c19a', '#8a7350', 2));
    let braid = '';
    for (let x = 116; x < 484; x += 9) braid += `M${x} ${soleTop + 24} L${x + 8} ${soleTop + (x < 280 ? 4 - lift * ((280 - x) / 170) : 4)} `;
    out.push(line(braid, '#a88e63', 1.6));
    out.push(fill(`M112 ${soleTop + 24} L488 ${soleTop + 24} L486 ${soleTop + 32} L116 ${soleTop + 32} Z`, '#57534e', '#292524', 1.5));
  } else {
    out.push(line('M290 286 Q340 338 430 318', c.t.line, 2), stitch('M298 296 Q340 334 424 312', c.t.light));
    out.push(fill('M266 298 Q310 318 352 304 L358 322 Q310 340 262 316 Z', c.a.base, c.a.line, 1.8), fill('M296 314 Q310 318 324 314 L324 320 Q310 324 296 320 Z', c.a.deep));
    if (has(c, /borlas/)) out.push(line('M314 324 L308 352 M326 322 L330 350', c.a.line, 2), fill('M302 348 L314 348 L316 366 L300 366 Z', c.a.base, c.a.line, 1.4), fill('M324 346 L336 346 L338 364 L322 364 Z', c.a.base, c.a.line, 1.4));
    out.push(fill('M110 358 L486 354 Q492 372 474 378 L120 378 Q108 374 110 358 Z', '#3f2a1d', '#1c1917', 2), fill('M112 372 L192 372 L190 392 L118 392 Z', '#292524', '#0c0a09', 2));
  }
  out.push(markSvg(c.look.mark, 200, 332 - lift / 2, 20, c.a.base));
  return { svg: out.join(''), ground: [300, espadrille ? 390 : 392, 200], fabric: '', scale: 1.16 };
}

/* -------------------------------------------------------------- accessories */

function cap(c: Ctx): Drawing {
  const trucker = has(c, /trucker/);
  const brimTone = c.look.pattern === 'block' ? c.a : c.t;
  const crown = 'M142 336 Q128 174 290 148 Q446 136 470 300 Q472 326 456 336 Q300 356 142 336 Z';
  const out: string[] = [
    fill('M292 330 Q420 316 488 322 Q536 330 520 360 Q500 392 420 394 Q340 392 288 362 Z', brimTone.shade, brimTone.line),
    cloth(crown, c),
  ];
  if (trucker) out.push(`<clipPath id="cm"><path d="${crown}"/></clipPath><g clip-path="url(#cm)">${fill('M100 100 L226 100 Q250 250 232 360 L100 360 Z', c.a.base)}${meshDots(110, 150, 230, 350, c.a.shade)}</g>`);
  out.push(lighting('cb', crown, 'M380 140 Q420 250 400 360 L520 360 L520 120 Z M142 336 Q200 346 300 350 L300 320 Q200 316 142 310 Z', 'M250 170 Q230 240 240 320 L258 320 Q250 240 266 168 Z'));
  out.push(line('M296 152 Q318 240 312 344 M214 166 Q226 250 226 340 M388 158 Q410 240 402 340', c.t.line, 1.8));
  out.push(stitch('M300 162 Q322 244 318 334 M222 176 Q232 250 232 334', c.t.line, 1.3));
  out.push(`<circle cx="270" cy="200" r="4" fill="${c.t.deep}"/><circle cx="352" cy="200" r="4" fill="${c.t.deep}"/>`);
  out.push(fill('M282 148 Q296 132 312 146 Q300 156 282 148 Z', brimTone.base, brimTone.line, 1.6));
  out.push(fill('M288 350 Q400 336 478 334 Q528 336 516 356 Q498 384 420 386 Q340 384 288 362 Z', brimTone.base, brimTone.line));
  out.push(stitch('M300 356 Q400 344 470 344 M310 366 Q400 356 466 354', brimTone.line, 1.3));
  out.push(markSvg(c.look.mark, 292, 262, 52, c.a.base));
  return { svg: out.join(''), ground: [320, 392, 200], fabric: fabricTile(c, { block: '', stripes: 'h' }) };
}

function meshDots(x0: number, y0: number, x1: number, y1: number, colour: string): string {
  let d = '';
  for (let y = y0; y < y1; y += 10) for (let x = x0 + ((y / 10) % 2) * 5; x < x1; x += 10) d += `M${x} ${y} h4 v4 h-4 Z `;
  return `<path d="${d}" fill="${colour}"/>`;
}

function beanie(c: Ctx): Drawing {
  const cuffTone = c.look.pattern === 'block' ? c.a : c.t;
  const dome = 'M178 360 Q166 176 300 150 Q434 176 422 360 Z';
  const out: string[] = [
    cloth(dome, c),
  ];
  let ribD = '';
  for (let i = -5; i <= 5; i++) ribD += `M${300 + i * 23} 360 Q${300 + i * 21} 230 ${300 + i * 8} 156 `;
  out.push(line(ribD, c.t.shade, 2.2));
  out.push(lighting('bh', dome, 'M360 150 Q420 250 410 370 L520 370 L520 120 Z', 'M230 200 Q212 270 220 350 L242 350 Q234 270 250 196 Z'));
  out.push(fill('M160 338 Q300 318 440 338 L446 432 Q300 452 154 432 Z', cuffTone.base, cuffTone.line));
  out.push(ribs(162, 440, 334, 436, 11, cuffTone.shade));
  out.push(lighting('bc', 'M160 338 Q300 318 440 338 L446 432 Q300 452 154 432 Z', 'M380 300 L460 300 L460 460 L380 460 Z', ''));
  out.push(fill('M276 370 L324 370 L324 404 L276 404 Z', c.a.light, c.a.line, 1.5), markSvg(c.look.mark, 300, 387, 20, c.a.deep));
  // The pompom: a ball of tufts.
  const pom = c.look.pocket ? c.t : c.a;
  let tufts = '';
  for (let i = 0; i < 12; i++) {
    const angle = (i / 12) * Math.PI * 2;
    tufts += `<circle cx="${(300 + Math.cos(angle) * 36).toFixed(1)}" cy="${(116 + Math.sin(angle) * 34).toFixed(1)}" r="15" fill="${pom.base}" stroke="${pom.line}" stroke-width="1.4"/>`;
  }
  out.push(tufts, `<circle cx="300" cy="116" r="38" fill="${pom.base}"/><circle cx="288" cy="104" r="16" fill="${pom.light}"/><circle cx="314" cy="128" r="14" fill="${pom.shade}"/>`);
  return { svg: out.join(''), ground: [300, 476, 170], fabric: fabricTile(c, { block: '', stripes: 'h' }) };
}

function bag(c: Ctx): Drawing {
  const bum = has(c, /Riñonera/);
  const out: string[] = [];
  const metal = { base: '#cbd5e1', line: '#475569' };
  if (bum) {
    const body = 'M126 306 Q300 240 474 306 Q498 364 468 414 Q300 456 132 414 Q102 364 126 306 Z';
    out.push(fill('M40 330 L130 318 L134 348 L44 360 Z M560 330 L470 318 L466 348 L556 360 Z', c.a.shade, c.a.line, 2));
    out.push(cloth(body, c));
    out.push(lighting('rb', body, 'M100 390 Q300 430 500 390 L500 460 L100 460 Z', 'M160 316 Q300 270 440 316 L436 328 Q300 284 164 328 Z'));
    out.push(line('M142 334 Q300 284 458 334', c.t.deep, 4), stitch('M142 342 Q300 292 458 342', c.t.light, 1.4));
    out.push(fill('M380 300 L394 300 L396 336 L382 336 Z', metal.base, metal.line, 1.5), fill('M378 334 L398 334 L394 362 L382 362 Z', c.a.base, c.a.line, 1.5));
    if (c.look.pocket || c.look.pattern === 'block') out.push(cloth('M196 360 Q300 340 404 360 L396 420 Q300 440 204 420 Z', c, c.look.pattern === 'block' ? c.a : c.t));
    out.push(markSvg(c.look.mark, 300, 390, 34, c.look.pattern === 'block' ? c.t.base : c.a.base));
    return { svg: out.join(''), ground: [300, 448, 200], fabric: fabricTile(c, { block: '', stripes: 'h' }) };
  }
  const body = 'M152 262 Q152 234 180 234 L420 234 Q448 234 448 262 L452 436 Q452 462 426 462 L174 462 Q148 462 148 436 Z';
  const flapTone = c.look.pattern === 'block' ? c.a : c.t;
  out.push(line('M178 246 Q168 64 300 60 Q432 64 422 246', c.t.line, 17), line('M178 246 Q168 64 300 60 Q432 64 422 246', c.t.base, 12));
  out.push(stitch('M178 246 Q168 64 300 60 Q432 64 422 246', c.t.light, 1.2));
  out.push(cloth(body, c));
  out.push(lighting('gb', body, 'M380 230 L480 230 L480 470 L380 470 Z M140 430 L460 430 L460 470 L140 470 Z', 'M170 300 L190 300 L190 440 L170 440 Z'));
  out.push(fill('M152 250 Q152 232 180 232 L420 232 Q448 232 448 250 L448 338 Q300 372 152 338 Z', flapTone.base, flapTone.line));
  out.push(lighting('gf', 'M152 250 Q152 232 180 232 L420 232 Q448 232 448 250 L448 338 Q300 372 152 338 Z', 'M400 220 L470 220 L470 360 L400 360 Z', 'M160 240 L440 240 L440 252 L160 252 Z'));
  out.push(stitch('M164 252 L164 330 Q300 362 436 330 L436 252', flapTone.line, 1.4));
  out.push(fill('M284 338 L316 338 L316 372 L284 372 Z', metal.base, metal.line, 2), fill('M292 346 L308 346 L308 364 L292 364 Z', metal.line));
  for (const x of [178, 422]) out.push(fill(`M${x - 10} 232 L${x + 10} 232 L${x + 8} 252 L${x - 8} 252 Z`, metal.base, metal.line, 1.5));
  out.push(markSvg(c.look.mark, 300, 290, 30, c.look.pattern === 'block' ? c.t.base : c.a.base));
  return { svg: out.join(''), ground: [300, 466, 180], fabric: fabricTile(c, { block: '', stripes: 'h' }) };
}

function backpack(c: Ctx): Drawing {
  const front = c.look.pattern === 'block' ? c.a : c.t;
  const body = 'M188 154 Q188 92 300 88 Q412 92 412 154 L422 450 Q422 478 394 478 L206 478 Q178 478 178 450 Z';
  const pocket = 'M212 304 Q212 286 230 286 L370 286 Q388 286 388 304 L394 440 Q394 458 376 458 L224 458 Q206 458 206 440 Z';
  const out: string[] = [
    line('M272 94 Q270 52 300 52 Q330 52 328 94', c.t.line, 14), line('M272 94 Q270 52 300 52 Q330 52 328 94', c.t.base, 9),
    line('M186 170 Q156 280 176 430 M414 170 Q444 280 424 430', c.t.line, 24), line('M186 170 Q156 280 176 430 M414 170 Q444 280 424 430', c.t.deep, 19),
    cloth(body, c),
    lighting('kp', body, 'M370 90 Q410 250 404 490 L520 490 L520 60 Z', 'M214 150 Q204 250 210 300 L224 300 Q220 250 228 150 Z'),
    line('M204 176 Q300 120 396 176', c.t.deep, 5), stitch('M204 184 Q300 128 396 184', c.t.light, 1.4),
    fill('M390 168 L402 168 L404 196 L392 196 Z', c.a.base, c.a.line, 1.5),
    cloth(pocket, c, front),
    lighting('kq', pocket, 'M360 280 L420 280 L420 470 L360 470 Z', ''),
    line('M216 304 L384 304', front.deep, 4),
    fill('M356 298 L368 298 L370 326 L358 326 Z', c.a.light, c.a.line, 1.5),
    stitch('M222 316 L378 316', front.line, 1.3),
  ];
  const patch = c.look.mark === 'none' ? '' : `${fill('M272 212 L328 212 L328 256 L272 256 Z', c.a.light, c.a.line, 1.5)}${markSvg(c.look.mark, 300, 234, 28, c.a.deep)}`;
  out.push(patch || markSvg('bars', 300, 380, 34, c.a.base));
  return { svg: out.join(''), ground: [300, 482, 150], fabric: fabricTile(c, { block: '', stripes: 'h' }) };
}

function glasses(c: Ctx): Drawing {
  const round = has(c, /redonda/);
  const aviator = has(c, /aviador/);
  const frame = c.t;
  // Some frames have a brow bar in the second colour.
  const brow = c.look.pocket ? c.a : c.t;
  const lens = mix(c.look.accent, '#111827', 0.6);
  const shapeAt = (cx: number, inward: number): string => {
    if (round) return `M${cx - 78} 270 A78 78 0 1 0 ${cx + 78} 270 A78 78 0 1 0 ${cx - 78} 270 Z`;
    // The aviator's drop hangs towards the nose.
    if (aviator) return `M${cx - 88 * inward} 224 Q${cx} 212 ${cx + 84 * inward} 222 Q${cx + 96 * inward} 292 ${cx + 44 * inward} 336 Q${cx - 12 * inward} 364 ${cx - 62 * inward} 318 Q${cx - 98 * inward} 272 ${cx - 88 * inward} 224 Z`;
    return `M${cx - 86} 216 Q${cx} 206 ${cx + 86} 216 Q${cx + 92} 290 ${cx + 64} 322 Q${cx} 342 ${cx - 64} 322 Q${cx - 92} 290 ${cx - 86} 216 Z`;
  };
  const left = shapeAt(204, 1);
  const right = shapeAt(396, -1);
  const out: string[] = [
    line(round ? 'M126 262 L104 258 M474 262 L496 258' : 'M118 224 L100 226 M482 224 L500 226', frame.line, 11),
    line(round ? 'M126 262 L104 258 M474 262 L496 258' : 'M118 224 L100 226 M482 224 L500 226', frame.base, 7),
    fill(`${left} ${right}`, lens),
    `<clipPath id="gl"><path d="${left} ${right}"/></clipPath><g clip-path="url(#gl)"><path d="M100 300 L500 300 L500 380 L100 380 Z" fill="#fff" fill-opacity="0.1"/><path d="M150 190 L190 190 L120 360 L80 360 Z M342 190 L382 190 L312 360 L272 360 Z" fill="#fff" fill-opacity="0.22"/><path d="M200 190 L214 190 L144 360 L130 360 Z M392 190 L406 190 L336 360 L322 360 Z" fill="#fff" fill-opacity="0.16"/></g>`,
    line(`${left} ${right}`, frame.line, round ? 15 : 17),
    line(`${left} ${right}`, frame.base, round ? 11 : 13),
    line(aviator ? 'M282 232 Q300 222 318 232 M282 222 Q300 212 318 222' : 'M286 246 Q300 230 314 246', frame.line, 9),
    line(aviator ? 'M282 232 Q300 222 318 232 M282 222 Q300 212 318 222' : 'M286 246 Q300 230 314 246', frame.base, 5),
    line(`${left} ${right}`, frame.light, 2),
  ];
  if (!round && !aviator) out.push(line('M124 218 Q204 204 284 216 M316 216 Q396 204 476 218', brow === frame ? frame.light : brow.base, brow === frame ? 3 : 8));
  out.push(`<circle cx="${round ? 128 : 120}" cy="${round ? 262 : 222}" r="4" fill="#e5e7eb"/><circle cx="${round ? 472 : 480}" cy="${round ? 262 : 222}" r="4" fill="#e5e7eb"/>`);
  // The maker's small mark etched in the corner of the left lens.
  out.push(markSvg(c.look.mark, round ? 166 : 150, round ? 232 : 240, 16, mix(lens, '#ffffff', 0.45)));
  return { svg: out.join(''), ground: [300, 372, 200], fabric: '' };
}

function watch(c: Ctx): Drawing {
  const digital = has(c, /digital/);
  const mesh = has(c, /malla/);
  const metals = ['#cbd5e1', '#d4b26a', '#3f3f46'];
  const metal = tones(metals[MARKS.indexOf(c.look.mark) % metals.length] as string);
  const strap = mesh ? tones(metal.base) : c.t;
  const out: string[] = [
    fill('M258 58 Q258 50 266 50 L334 50 Q342 50 342 58 L338 176 L262 176 Z', strap.base, strap.line),
    fill('M262 344 L338 344 L342 484 Q342 492 334 492 L266 492 Q258 492 258 484 Z', strap.base, strap.line),
  ];
  if (mesh) {
    let d = '';
    for (let y = 58; y < 490; y += 5) if (y < 176 || y > 344) d += `M262 ${y} L338 ${y} `;
    out.push(line(d, strap.shade, 1.2));
  } else {
    out.push(stitch('M266 60 L266 174 M334 60 L334 174 M266 346 L266 484 M334 346 L334 484', strap.light, 1.4));
    for (const y of [394, 422, 450]) out.push(`<ellipse cx="300" cy="${y}" rx="5" ry="6" fill="${strap.deep}"/>`);
    out.push(fill('M256 360 L344 360 L344 376 L256 376 Z', strap.base, strap.line, 1.8));
  }
  out.push(lighting('ws', 'M258 50 L342 50 L342 492 L258 492 Z', 'M320 40 L360 40 L360 500 L320 500 Z', ''));
  if (digital) {
    out.push(fill('M206 170 Q206 150 226 150 L374 150 Q394 150 394 170 L394 350 Q394 370 374 370 L226 370 Q206 370 206 350 Z', metal.base, metal.line, 3));
    out.push(fill('M394 196 L404 196 L404 222 L394 222 Z M394 290 L404 290 L404 316 L394 316 Z M206 220 L196 220 L196 246 L206 246 Z', metal.shade, metal.line, 1.5));
    out.push(fill('M228 178 L372 178 L372 342 L228 342 Z', '#1f2937', '#0b0f19', 2));
    // A smartwatch face: one progress ring, no digits (a picture never carries text).
    const ring = (r: number, colour: string, share: number) => {
      const length = 2 * Math.PI * r;
      return `<circle cx="300" cy="260" r="${r}" fill="none" stroke="${mix(colour, '#1f2937', 0.7)}" stroke-width="11"/>` +
        `<circle cx="300" cy="260" r="${r}" fill="none" stroke="${colour}" stroke-width="11" stroke-linecap="round" stroke-dasharray="${(length * share).toFixed(1)} ${length.toFixed(1)}" transform="rotate(-90 300 260)"/>`;
    };
    const glow = mix(c.look.accent, '#ffffff', 0.2);
    out.push(ring(56, glow, 0.7), `<path d="M276 250 h48 v8 h-48 Z M284 266 h32 v8 h-32 Z" fill="${mix(glow, '#1f2937', 0.35)}"/>`);
    out.push(`<path d="M234 184 L366 184 L236 300 Z" fill="#fff" fill-opacity="0.07"/>`);
    out.push(markSvg(c.look.mark, 300, 358, 10, metal.deep));
  } else {
    out.push(fill('M262 168 L338 168 L346 192 L254 192 Z M262 352 L338 352 L346 328 L254 328 Z', metal.shade, metal.line, 2));
    out.push(`<circle cx="300" cy="260" r="104" fill="${metal.base}" stroke="${metal.line}" stroke-width="3"/>`);
    out.push(fill('M402 248 L416 248 L416 272 L402 272 Z', metal.base, metal.line, 2));
    const dial = c.look.pocket ? tones(mix(c.look.accent, INK, 0.35)) : tones('#f8fafc');
    out.push(`<circle cx="300" cy="260" r="88" fill="${dial.base}" stroke="${metal.shade}" stroke-width="4"/>`);
    let ticks = '';
    for (let h = 0; h < 12; h++) {
      const a = (h / 12) * Math.PI * 2;
      const [r0, r1] = h % 3 === 0 ? [64, 80] : [72, 80];
      ticks += `M${(300 + Math.sin(a) * r0).toFixed(1)} ${(260 - Math.cos(a) * r0).toFixed(1)} L${(300 + Math.sin(a) * r1).toFixed(1)} ${(260 - Math.cos(a) * r1).toFixed(1)} `;
    }
    const ink = c.look.pocket ? '#f8fafc' : '#1f2937';
    out.push(line(ticks, ink, 3.5));
    out.push(line('M300 260 L300 200 M300 260 L344 282', ink, 5), line('M300 272 L300 190', c.a.base === dial.base ? '#dc2626' : c.a.base, 2), `<circle cx="300" cy="260" r="7" fill="${ink}"/>`);
    out.push(markSvg(c.look.mark, 300, 300, 16, ink));
    out.push(`<path d="M230 200 Q260 172 300 172 L300 186 Q268 188 244 210 Z" fill="#fff" fill-opacity="0.25"/>`);
  }
  return { svg: out.join(''), ground: [300, 498, 110], fabric: '' };
}

function belt(c: Ctx): Drawing {
  const braided = has(c, /trenzado/);
  const metal = tones(c.look.pocket ? '#d4b26a' : '#cbd5e1');
  const front = 'M100 270 A200 110 0 0 0 500 270 L500 320 A200 110 0 0 1 100 320 Z';
  const back = 'M100 270 A200 110 0 0 1 500 270 L500 320 A200 110 0 0 0 100 320 Z';
  const out: string[] = [
    fill(back, c.t.deep, c.t.line),
    fill(front, c.t.base, c.t.line),
  ];
  if (braided) {
    let d = '';
    for (let x = 80; x < 520; x += 14) d += `M${x} 270 L${x + 30} 440 M${x + 30} 270 L${x} 440 `;
    out.push(`<clipPath id="lb"><path d="${front}"/></clipPath><g clip-path="url(#lb)">${line(d, c.t.shade, 3)}</g>`);
  } else {
    out.push(`<clipPath id="ls"><path d="${front}"/></clipPath><g clip-path="url(#ls)">${stitch('M96 276 A204 110 0 0 0 504 276 M96 314 A204 110 0 0 0 504 314', c.t.light, 1.4)}</g>`);
  }
  out.push(lighting('lf', front, 'M380 250 L520 250 L520 460 L380 460 Z M80 250 L150 250 L150 460 L80 460 Z', 'M220 360 Q300 376 380 360 L380 372 Q300 388 220 372 Z'));
  // The tail with its holes, then the buckle over it.
  out.push(fill('M330 372 L410 362 L412 410 L332 420 Z', c.t.base, c.t.line));
  for (const x of [352, 372, 392]) out.push(`<ellipse cx="${x}" cy="${392 - (x - 352) / 8}" rx="4" ry="5" fill="${c.t.deep}"/>`);
  out.push(fill('M262 356 L334 356 Q344 356 344 366 L344 428 Q344 438 334 438 L262 438 Q252 438 252 428 L252 366 Q252 356 262 356 Z M268 370 L268 424 L328 424 L328 370 Z', metal.base, metal.line, 2));
  out.push(`<path d="M262 356 L334 356 Q344 356 344 366 L344 428 Q344 438 334 438 L262 438 Q252 438 252 428 L252 366 Q252 356 262 356 Z M268 370 L268 424 L328 424 L328 370 Z" fill="none" stroke="${metal.light}" stroke-width="1.2" transform="translate(-1 -1)"/>`);
  out.push(line('M298 372 L338 392', metal.line, 5), line('M298 372 L338 392', metal.base, 3));
  out.push(fill('M226 374 L246 372 L246 426 L226 428 Z', c.t.shade, c.t.line, 1.8));
  out.push(markSvg(c.look.mark, 160, 350, 18, c.a.base));
  return { svg: out.join(''), ground: [300, 440, 220], fabric: '' };
}

/* ------------------------------------------------------------------ fabric */

interface FabricShape {
  /** The region (a path in the frame) the contrast colour covers in the colour-block pattern. */
  block: string;
  stripes: 'h' | 'v';
}

/** The pattern tile the garment's pieces are filled with (`url(#fabric)`), in the frame's coordinates. */
function fabricTile(c: Ctx, f: FabricShape): string {
  const accent = c.a.base;
  const pattern = c.look.pattern;
  const tile = (w: number, h: number, body: string) =>
    `<pattern id="fabric" patternUnits="userSpaceOnUse" x="0" y="0" width="${w}" height="${h}">${body}</pattern>`;
  switch (pattern) {
    case 'plain':
      return '';
    case 'block':
      return f.block ? tile(600, 600, `<path d="${f.block}" fill="${accent}"/>`) : '';
    case 'stripes':
      return f.stripes === 'h'
        ? tile(600, 34, `<rect x="0" y="0" width="600" height="12" fill="${accent}"/>`)
        : tile(26, 600, `<rect x="0" y="0" width="4" height="600" fill="${accent}"/>`);
    case 'dots':
      return tile(36, 36, `<circle cx="9" cy="9" r="4.5" fill="${accent}"/><circle cx="27" cy="27" r="4.5" fill="${accent}"/>`);
    case 'check': {
      const band = mix(c.look.colour, accent, 0.45);
      const cross = mix(c.look.colour, accent, 0.8);
      return tile(44, 44, `<rect x="0" y="0" width="44" height="16" fill="${band}"/><rect x="0" y="0" width="16" height="44" fill="${band}"/><rect x="0" y="0" width="16" height="16" fill="${cross}"/>`);
    }
  }
}

const DRAW: Record<Shape, (c: Ctx) => Drawing> = {
  tshirt, hoodie, jacket, trousers, shorts, dress, skirt, sneaker, boot, shoe, cap, beanie, bag, backpack, glasses, watch, belt,
};

/** Patterns that a drawing cannot wear fall back to plain cloth. */
export function drawObject(shape: Shape, look: ProductLook, words: string): Drawing {
  const base: Ctx = { t: tones(look.colour), a: tones(look.accent), look, words, patterned: false };
  const probe = DRAW[shape](base);
  if (look.pattern === 'plain' || !probe.fabric) return probe;
  return DRAW[shape]({ ...base, patterned: true });
}

