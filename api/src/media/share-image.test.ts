import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@linkhunt/contracts/share-image';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderShareImage } from './share-image.js';

const RED = { r: 220, g: 30, b: 30 };
const GREEN = { r: 20, g: 180, b: 40 };

/** A red picture with green bands along its left and right edges: a crop would lose them. */
async function bandedWebp(width: number, height: number, band: number): Promise<Buffer> {
  const greenBand = await sharp({ create: { width: band, height, channels: 3, background: GREEN } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: RED } })
    .composite([{ input: greenBand, left: 0, top: 0 }, { input: greenBand, left: width - band, top: 0 }])
    .webp({ quality: 90 })
    .toBuffer();
}

async function pixels(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return { r: data[i] ?? -1, g: data[i + 1] ?? -1, b: data[i + 2] ?? -1 };
  };
}

const near = (actual: { r: number; g: number; b: number }, expected: { r: number; g: number; b: number }, tolerance = 30) =>
  Math.abs(actual.r - expected.r) <= tolerance && Math.abs(actual.g - expected.g) <= tolerance && Math.abs(actual.b - expected.b) <= tolerance;

describe('renderShareImage', () => {
  it('answers a 1200 × 630 progressive JPEG without metadata', async () => {
    const source = await sharp({ create: { width: 600, height: 600, channels: 3, background: RED } })
      .withExif({ IFD0: { Copyright: 'Someone', Artist: 'Uploader' } })
      .withIccProfile('p3')
      .webp()
      .toBuffer();
    expect((await sharp(source).metadata()).exif).toBeDefined();

    const meta = await sharp(await renderShareImage(source)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, isProgressive: true, channels: 3 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('contains a wide picture whole, centred, with both edge bands visible', async () => {
    // 1000 × 400 fits the 1120 × 550 inner box as 1120 × 448: from x 40 to 1160, y 91 to 539.
    const at = await pixels(await renderShareImage(await bandedWebp(1000, 400, 50)));
    expect(near(at(60, 315), GREEN)).toBe(true);
    expect(near(at(1140, 315), GREEN)).toBe(true);
    expect(near(at(600, 315), RED)).toBe(true);
    // Above and below the picture, and in the margin beside it: background, not picture.
    for (const [x, y] of [[600, 40], [600, 590], [15, 315], [1185, 315]] as const) {
      expect(near(at(x, y), GREEN)).toBe(false);
      expect(near(at(x, y), RED)).toBe(false);
    }
  });

  it('contains a tall picture whole: its top and bottom stay inside the card', async () => {
    const source = await sharp({ create: { width: 300, height: 1200, channels: 3, background: RED } }).webp().toBuffer();
    // 300 × 1200 fits as 137 × 550: rows 40 to 590 are the picture, the margins above and below are not.
    const at = await pixels(await renderShareImage(source));
    expect(near(at(600, 50), RED)).toBe(true);
    expect(near(at(600, 580), RED)).toBe(true);
    expect(near(at(600, 15), RED)).toBe(false);
    expect(near(at(600, 615), RED)).toBe(false);
    expect(near(at(400, 315), RED)).toBe(false);
  });

  it("paints the background in the picture's dominant colour, lightened", async () => {
    const at = await pixels(await renderShareImage(await bandedWebp(1000, 400, 50)));
    const corner = at(5, 5);
    // Red dominates the source: the corner is a pale red, lighter than the picture and not white or grey.
    expect(corner.r).toBeGreaterThan(240);
    expect(corner.g).toBeGreaterThan(150);
    expect(corner.g).toBeLessThan(235);
    expect(Math.abs(corner.g - corner.b)).toBeLessThan(15);
  });

  it('treats transparency as white: a mostly transparent logo gets a near-white card, not a grey one', async () => {
    // Transparent pixels hold black; counted as they are, black would dominate and tint the card grey.
    const logo = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="40" fill="#0f766e"/></svg>'))
      .webp()
      .toBuffer();
    expect((await sharp(logo).metadata()).hasAlpha).toBe(true);
    const at = await pixels(await renderShareImage(logo));
    for (const [x, y] of [[5, 5], [600, 60]] as const) expect(Math.min(at(x, y).r, at(x, y).g, at(x, y).b)).toBeGreaterThan(240);
    expect(near(at(600, 315), { r: 0x0f, g: 0x76, b: 0x6e })).toBe(true);
  });

  it('rejects bytes that are not an image', async () => {
    await expect(renderShareImage(Buffer.from('RIFF\0\0\0\0WEBPnot really'))).rejects.toThrow();
  });
});
