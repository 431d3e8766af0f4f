import { mix } from './demo-colour.js';
import { Random } from './random.js';

/**
 * Drawn portraits for the demo people: a friendly head and shoulders on a soft background in the
 * person's colour. Skin, hair, hairstyle and small extras come from the username, so each person
 * always looks the same and no two look alike.
 */

const SKIN = ['#f8d7c0', '#f1c4a3', '#e0a985', '#c98e6a', '#a86f4c', '#7a4e33'] as const;
const HAIR = ['#1f1a17', '#3b2a20', '#6b4226', '#a0642f', '#d9a45b', '#9ca3af', '#7f1d1d'] as const;
type Hair = 'short' | 'long' | 'bun' | 'curly' | 'buzz' | 'wave';
const HAIRSTYLES: readonly Hair[] = ['short', 'long', 'bun', 'curly', 'buzz', 'wave'];

function seedOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

/** Hair that falls behind the head (drawn first) and hair over the top of it (drawn last). */
function hair(style: Hair, colour: string): { behind: string; over: string } {
  const f = `fill="${colour}"`;
  switch (style) {
    case 'short':
      return { behind: '', over: `<path ${f} d="M80 112 Q74 52 128 48 Q184 50 178 110 Q170 80 142 76 Q110 90 80 112 Z"/>` };
    case 'long':
      return {
        behind: `<path ${f} d="M72 120 Q64 42 128 40 Q194 42 186 122 L192 206 Q128 222 64 206 Z"/>`,
        over: `<path ${f} d="M80 118 Q76 50 128 48 Q182 50 178 118 Q160 86 128 80 Q108 96 80 118 Z"/>`,
      };
    case 'bun':
      return {
        behind: `<circle ${f} cx="128" cy="42" r="24"/>`,
        over: `<path ${f} d="M80 108 Q80 56 128 54 Q178 56 176 108 Q150 78 128 80 Q104 80 80 108 Z"/>`,
      };
    case 'curly': {
      const curls = Array.from({ length: 9 }, (_, i) => {
        const a = Math.PI * (0.95 + (i / 8) * 1.1);
        return `<circle ${f} cx="${(128 + Math.cos(a) * 48).toFixed(1)}" cy="${(104 + Math.sin(a) * 52).toFixed(1)}" r="19"/>`;
      }).join('');
      return { behind: '', over: curls };
    }
    case 'buzz':
      return { behind: '', over: `<path ${f} d="M84 104 Q84 60 128 58 Q172 60 172 104 Q152 84 128 84 Q104 84 84 104 Z"/>` };
    case 'wave':
      return {
        behind: `<path ${f} d="M76 124 Q66 48 128 44 Q190 48 182 124 Q186 160 176 172 L80 172 Q70 160 76 124 Z"/>`,
        over: `<path ${f} d="M78 116 Q76 48 132 46 Q186 52 180 110 Q168 74 150 72 Q134 98 78 116 Z"/>`,
      };
  }
}

/** A 256 px portrait; `colour` is the person's own (their shirt, and the background lightened). */
export function avatarSvg(username: string, colour: string): string {
  const rng = new Random(seedOf(username));
  const skin = rng.pick(SKIN);
  const hairColour = rng.pick(HAIR);
  const style = rng.pick(HAIRSTYLES);
  const glasses = rng.chance(0.2);
  const beard = (style === 'buzz' || style === 'short') && rng.chance(0.4);
  const background = mix(colour, '#ffffff', 0.74);
  const shade = mix(skin, '#3b1f12', 0.18);
  const ink = '#2a1b14';
  const { behind, over } = hair(style, hairColour);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <rect width="256" height="256" fill="${background}"/>
    <circle cx="128" cy="128" r="112" fill="${mix(background, '#ffffff', 0.35)}"/>
    ${behind}
    <path d="M36 256 Q40 184 128 176 Q216 184 220 256 Z" fill="${colour}"/>
    <path d="M100 180 Q128 214 156 180 Q128 190 100 180 Z" fill="${mix(colour, '#000000', 0.25)}"/>
    <path d="M112 146 L144 146 L144 184 Q128 196 112 184 Z" fill="${shade}"/>
    <circle cx="82" cy="118" r="11" fill="${shade}"/><circle cx="174" cy="118" r="11" fill="${shade}"/>
    <ellipse cx="128" cy="112" rx="46" ry="52" fill="${skin}"/>
    ${beard ? `<path d="M84 124 Q88 172 128 172 Q168 172 172 124 Q160 150 128 150 Q96 150 84 124 Z" fill="${hairColour}"/>` : ''}
    ${over}
    <circle cx="110" cy="118" r="5" fill="${ink}"/><circle cx="146" cy="118" r="5" fill="${ink}"/>
    <circle cx="98" cy="136" r="8" fill="${mix(skin, '#f43f5e', 0.22)}"/><circle cx="158" cy="136" r="8" fill="${mix(skin, '#f43f5e', 0.22)}"/>
    <path d="M112 ${beard ? 140 : 138} Q128 ${beard ? 152 : 154} 144 ${beard ? 140 : 138}" fill="none" stroke="${beard ? mix(skin, ink, 0.2) : ink}" stroke-width="4" stroke-linecap="round"/>
    ${glasses ? `<g fill="none" stroke="${ink}" stroke-width="4"><circle cx="110" cy="118" r="15"/><circle cx="146" cy="118" r="15"/><path d="M125 116 Q128 112 131 116"/></g>` : ''}
  </svg>`;
}
