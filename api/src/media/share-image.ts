import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@linkhunt/contracts/share-image';
import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS } from './process-image.js';

/** Room around the picture, so that a preview's rounded corners and overlays never clip the product. */
const MARGIN = 40;
/** How far the background goes from the picture's dominant colour towards white: a tint, not a block of colour. */
const LIGHTEN = 0.7;

const SHARE_IMAGE_JPEG = { quality: 82, progressive: true } as const;

type Colour = { r: number; g: number; b: number };

const lighten = (c: Colour): Colour => {
  const towardsWhite = (v: number) => Math.round(v + (255 - v) * LIGHTEN);
  return { r: towardsWhite(c.r), g: towardsWhite(c.g), b: towardsWhite(c.b) };
};

/**
 * A link-preview card from a stored image: the whole picture, scaled to fit (never cropped) and centred
 * on its own dominant colour lightened, as a progressive JPEG without metadata (sharp writes none
 * unless asked). Rejects when the bytes are not a readable image.
 */
export async function renderShareImage(source: Buffer): Promise<Buffer> {
  const input = sharp(source, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
  const [picture, background] = await Promise.all([
    input
      .clone()
      .resize({ width: SHARE_IMAGE_WIDTH - 2 * MARGIN, height: SHARE_IMAGE_HEIGHT - 2 * MARGIN, fit: 'inside' })
      // Four bands whatever the source (grey, no alpha), as the raw composite below expects.
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
    dominantColour(input),
  ]);
  return sharp({ create: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, channels: 3, background: lighten(background) } })
    .composite([{ input: picture.data, raw: { width: picture.info.width, height: picture.info.height, channels: 4 }, gravity: 'centre' }])
    .jpeg(SHARE_IMAGE_JPEG)
    .toBuffer();
}

/**
 * sharp's stats() reads the input, not the pipeline, so the colour is taken from a small copy that is
 * first flattened on white: transparent corners (brand logos) would otherwise make black the dominant colour.
 */
async function dominantColour(input: Sharp): Promise<Colour> {
  const small = await input.clone().flatten({ background: '#ffffff' }).resize({ width: 64, height: 64, fit: 'inside' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { dominant } = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 3 } }).stats();
  return dominant;
}
