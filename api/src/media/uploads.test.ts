import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { crc32, createDeflate } from 'node:zlib';
import { MAX_IMAGE_BYTES } from '@linkhunt/contracts/limits';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifImage, insertTaxonomy, jpegImage, pngImage, productForm, registerUser, type RegisteredUser } from '../test/fixtures.js';
import { createTestApp, type TestApp, type TestResponse } from '../test/test-app.js';
import { MAX_IMAGE_PIXELS } from './process-image.js';

/**
 * What an upload may and may not do, for both places that take one: the product image and the avatar.
 * The status codes: 413 for a file over 2 MB, 422 (on the file's field) for anything that is not a
 * readable PNG or JPEG of at most MAX_IMAGE_PIXELS, whatever its name and declared type say.
 */

let t: TestApp;
let user: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  user = await registerUser(t);
});
afterAll(() => t.close());

interface Upload {
  data: Buffer;
  name?: string;
  type?: string;
}

interface Target {
  field: 'image' | 'avatar';
  send(file: Upload): Promise<TestResponse>;
  /** The store keys (relative to the image folder) a successful answer points at. */
  storedKeys(res: TestResponse): string[];
  /** What must not change when an upload is refused. */
  state(): Promise<unknown>;
}

const fileBlob = (file: Upload) => new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' });

const product: Target = {
  field: 'image',
  async send(file) {
    const form = await productForm({ image: null });
    form.set('image', fileBlob(file), file.name ?? 'photo.png');
    return t.request('POST', '/products', { token: user.token, form });
  },
  storedKeys: (res) => [`images/${res.body.results.data.image as string}`, `images/${res.body.results.data.thumbnail as string}`],
  state: async () => (await t.app.db.selectFrom('products').select('id').execute()).length,
};

const avatar: Target = {
  field: 'avatar',
  async send(file) {
    const form = new FormData();
    form.set('avatar', fileBlob(file), file.name ?? 'avatar.png');
    return t.request('POST', '/auth/update', { token: user.token, form });
  },
  storedKeys: (res) => [res.body.user.data.avatar as string],
  state: async () => (await t.app.db.selectFrom('users').select('avatar').where('id', '=', user.id).executeTakeFirstOrThrow()).avatar,
};

const TARGETS = [
  { label: 'product image', target: product, key: /^images\/products\/[0-9a-f]{24}(-thumb)?\.webp$/ },
  { label: 'avatar', target: avatar, key: /^avatars\/[0-9a-f]{32}\.webp$/ },
];

/** Every file under the image folder, as store keys. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.config.imageDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(t.config.imageDir, join(e.parentPath, e.name))).sort();
}

/** Sends a file that must be refused, and checks nothing was written: no file, no row, no changed avatar. */
async function refused(target: Target, file: Upload): Promise<TestResponse> {
  const [files, state] = [await storedFiles(), await target.state()];
  const res = await target.send(file);
  expect(await storedFiles()).toEqual(files);
  expect(await target.state()).toEqual(state);
  return res;
}

describe.each(TARGETS)('$label', ({ target, key }) => {
  const field = target.field;

  describe('size', () => {
    it('refuses a real PNG over 2 MB with 413 and the field message', async () => {
      const big = await pngImage(1200, 1000, true);
      expect(big.length).toBeGreaterThan(MAX_IMAGE_BYTES);
      const res = await refused(target, { data: big, name: 'big.png', type: 'image/png' });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ message: 'The image may not be larger than 2 MB.', errors: { [field]: ['The image may not be larger than 2 MB.'] } });
    });

    it('draws the line at exactly 2 MB: one byte more is a 413, the limit itself is judged by content', async () => {
      const over = await refused(target, { data: Buffer.alloc(MAX_IMAGE_BYTES + 1, 0x41), name: 'x.png' });
      expect(over.status).toBe(413);
      const at = await refused(target, { data: Buffer.alloc(MAX_IMAGE_BYTES, 0x41), name: 'x.png' });
      expect(at.status).toBe(422);
      expect(at.body.errors[field]).toEqual(['The image must be a PNG or JPG file.']);
    });
  });

  describe('content is judged by its bytes, not by name or declared type', () => {
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script></svg>';
    const cases: [string, () => Promise<Upload>, RegExp][] = [
      ['an SVG named .png, sent as image/png', async () => ({ data: Buffer.from(svg), name: 'logo.png', type: 'image/png' }), /must be a PNG or JPG/],
      ['an SVG without prolog named .jpg', async () => ({ data: Buffer.from(svg.replace(/^<\?xml[^>]*>/, '')), name: 'x.jpg', type: 'image/jpeg' }), /must be a PNG or JPG/],
      ['an HTML page named .jpg, sent as image/jpeg', async () => ({ data: Buffer.from('<!doctype html><script>alert(1)</script>'), name: 'photo.jpg', type: 'image/jpeg' }), /must be a PNG or JPG/],
      ['a GIF named .jpg', async () => ({ data: await gifImage(), name: 'photo.jpg', type: 'image/jpeg' }), /must be a PNG or JPG/],
      ['a WebP named .png', async () => ({ data: await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } }).webp().toBuffer(), name: 'photo.png', type: 'image/png' }), /must be a PNG or JPG/],
      ['a TIFF named .jpg', async () => ({ data: await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } }).tiff().toBuffer(), name: 'photo.jpg', type: 'image/jpeg' }), /must be a PNG or JPG/],
      ['a PDF named .png', async () => ({ data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), name: 'doc.png', type: 'image/png' }), /must be a PNG or JPG/],
      ['a PNG signature followed by HTML', async () => ({ data: Buffer.concat([PNG_SIGNATURE, Buffer.from('<html><script>alert(1)</script></html>')]), name: 'x.png', type: 'image/png' }), /could not be read/],
      ['a JPEG signature followed by HTML', async () => ({ data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]), name: 'x.jpg', type: 'image/jpeg' }), /could not be read/],
    ];
    for (const [label, make, message] of cases) {
      it(`refuses ${label} with 422`, async () => {
        const res = await refused(target, await make());
        expect(res.status).toBe(422);
        expect(Object.keys(res.body.errors)).toEqual([field]);
        expect(res.body.errors[field][0]).toMatch(message);
        expect(res.body.message).toBe(res.body.errors[field][0]);
      });
    }

    it('accepts a real PNG named .html and sent as text/html, and stores it as WebP', async () => {
      const res = await target.send({ data: await pngImage(80, 60), name: 'page.html', type: 'text/html' });
      expect(res.status).toBeLessThan(300);
      for (const stored of target.storedKeys(res)) {
        expect(stored).toMatch(key);
        const served = await fetch(`${t.baseUrl}/${stored}`);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
      }
    });
  });

  describe('decompression bombs', () => {
    it('refuses a complete 20000 × 20000 PNG of a few KB with 422, from its header, without a memory spike', async () => {
      const bomb = await bombPng(20_000, 20_000);
      expect(bomb.length).toBeLessThan(100 * 1024);
      const { value: res, growth } = await peakRssGrowth(() => refused(target, { data: bomb, name: 'bomb.png', type: 'image/png' }));
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual(['The image is too large: 20000 × 20000 pixels. The limit is 25 megapixels (for example 6000 × 4000).']);
      expect(growth).toBeLessThan(150 * 1024 * 1024);
    });

    it('refuses a JPEG whose header declares 20000 × 20000', async () => {
      const res = await refused(target, { data: await jpegDeclaring(20_000, 20_000), name: 'bomb.jpg', type: 'image/jpeg' });
      expect(res.status).toBe(422);
      expect(res.body.errors[field][0]).toMatch(/too large: 20000 × 20000 pixels/);
    });

    it('draws the pixel line at MAX_IMAGE_PIXELS', async () => {
      expect(MAX_IMAGE_PIXELS).toBeLessThanOrEqual(40_000_000);
      const res = await refused(target, { data: await bombPng(5001, 5000), name: 'wide.png', type: 'image/png' });
      expect(res.status).toBe(422);
      expect(res.body.errors[field][0]).toMatch(/too large: 5001 × 5000 pixels/);
    });

    it('still takes a 24-megapixel photo (6000 × 4000) under 2 MB', async () => {
      const photo = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#336699' } }).jpeg({ quality: 60 }).toBuffer();
      expect(photo.length).toBeLessThan(MAX_IMAGE_BYTES);
      const res = await target.send({ data: photo, name: 'camera.jpg', type: 'image/jpeg' });
      expect(res.status).toBeLessThan(300);
    }, 60_000);
  });

  describe('stored names', () => {
    const names = ['../../x.png', '../../../../../../tmp/evil.png', 'a/b/c.png', '/etc/passwd.png', '..\\..\\x.png', 'x\u0000.png', 'nul\u0000/../../y.png', '<script>alert(1)</script>.png', '.htaccess', `${'n'.repeat(300)}.png`];
    for (const name of names) {
      it(`names the file itself whatever the client calls it (${JSON.stringify(name)})`, async () => {
        const before = await storedFiles();
        const res = await target.send({ data: await pngImage(40, 40), name, type: 'image/png' });
        expect(res.status).toBeLessThan(300);
        const keys = target.storedKeys(res);
        for (const stored of keys) expect(stored).toMatch(key);
        const added = (await storedFiles()).filter((f) => !before.includes(f));
        expect(added.sort()).toEqual([...keys].sort());
        const base = (name.split(/[\\/]/).pop() ?? name).replace(/\0/g, '');
        expect(JSON.stringify(res.body)).not.toContain(base);
        for (const stored of keys) expect((await fetch(`${t.baseUrl}/${stored}`)).status).toBe(200);
      });
    }
  });

  describe('metadata', () => {
    it('drops EXIF (with its GPS position), XMP and ICC from an uploaded JPEG', async () => {
      const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#884422' } })
        .jpeg()
        .withExif({
          IFD0: { Make: 'SpyCam', Model: 'Model 1', Copyright: 'Ana' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 0/1' },
        })
        .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,25N"/></rdf:RDF></x:xmpmeta>')
        .withIccProfile('p3')
        .toBuffer();
      const source = await sharp(photo).metadata();
      expect(source.exif?.includes(GPS_IFD_POINTER)).toBe(true);
      expect(source.exif?.toString('latin1')).toContain('SpyCam');
      expect(source.xmp).toBeDefined();
      expect(source.icc).toBeDefined();

      const res = await target.send({ data: photo, name: 'gps.jpg', type: 'image/jpeg' });
      expect(res.status).toBeLessThan(300);
      for (const stored of target.storedKeys(res)) {
        const meta = await sharp(join(t.config.imageDir, stored)).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
    });
  });
});

it('applies the EXIF orientation before dropping it, so a phone photo stays upright', async () => {
  const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#224488' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
  const res = await product.send({ data: sideways, name: 'phone.jpg', type: 'image/jpeg' });
  expect(res.status).toBe(201);
  const [full] = product.storedKeys(res);
  const meta = await sharp(join(t.config.imageDir, full ?? '')).metadata();
  expect([meta.width, meta.height, meta.orientation]).toEqual([100, 200, undefined]);
});

it('answers 413 for an oversized image, listing the form\'s other broken rules with it', async () => {
  const form = await productForm({ image: null, title: 'ab' });
  form.set('image', new Blob([new Uint8Array(Buffer.alloc(MAX_IMAGE_BYTES + 10))]), 'big.png');
  const res = await t.request('POST', '/products', { token: user.token, form });
  expect(res.status).toBe(413);
  expect(res.body.message).toBe('The image may not be larger than 2 MB.');
  expect(res.body.errors.image).toEqual(['The image may not be larger than 2 MB.']);
  expect(res.body.errors.title).toBeDefined();
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Tag 0x8825 (GPSInfo IFD pointer) as the little-endian EXIF libvips writes has it. */
const GPS_IFD_POINTER = Buffer.from([0x25, 0x88]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A complete, valid 1-bit greyscale PNG of all-black rows: decoded to 8 bits a pixel it is width × height
 * bytes (400 MB at 20000²), yet the zlib stream of zeros is a few KB. Rows are streamed through deflate so
 * building it costs the test no memory either.
 */
async function bombPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(out)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A small real JPEG whose frame header (SOF0) is rewritten to declare other dimensions. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await jpegImage(64, 64));
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** The highest resident set size seen while `run` was under way, above where it started. */
async function peakRssGrowth<T>(run: () => Promise<T>): Promise<{ value: T; growth: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 2);
  try {
    const value = await run();
    sample();
    return { value, growth: peak - start };
  } finally {
    clearInterval(timer);
  }
}
