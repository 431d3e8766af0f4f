import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImagePath } from '@linkhunt/contracts/share-image';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTaxonomy, pngImage, productForm, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const CACHE_FOREVER = 'public, max-age=31536000, immutable';

describe('GET /share/:folder/:file', () => {
  let t: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    t = await createTestApp();
    await insertTaxonomy(t);
    owner = await registerUser(t);
  });
  afterAll(async () => t.close());

  /** Uploads a product through the API, as a person would; its id and its `image` as the payload carries it. */
  async function uploadedProduct(): Promise<{ id: number; image: string }> {
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ image: await pngImage(900, 500) }) });
    expect(res.status).toBe(201);
    return res.body.results.data;
  }

  /** The address the front end builds for og:image. */
  function shareUrl(image: string): string {
    const path = shareImagePath(image);
    if (!path) throw new Error(`no share path for ${image}`);
    return `${t.baseUrl}/${path}`;
  }

  const onDisk = (image: string) => join(t.config.imageDir, shareImagePath(image) ?? 'none');

  async function fetchBytes(url: string): Promise<{ res: Response; bytes: Buffer }> {
    const res = await fetch(url);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it("answers an uploaded product's card: a 1200 × 630 progressive JPEG without metadata, cached for a year", async () => {
    const { image } = await uploadedProduct();
    const { res, bytes } = await fetchBytes(shareUrl(image));

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe(CACHE_FOREVER);
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, isProgressive: true });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('keeps the card on disk and serves the second request from there', async () => {
    const { image } = await uploadedProduct();
    const first = await fetchBytes(shareUrl(image));
    expect(existsSync(onDisk(image))).toBe(true);
    expect(readFileSync(onDisk(image)).equals(first.bytes)).toBe(true);

    const second = await fetchBytes(shareUrl(image));
    expect(second.res.status).toBe(200);
    expect(second.bytes.equals(first.bytes)).toBe(true);

    // Replaced on disk by another valid JPEG: a request that rendered again would not answer it.
    const marker = await sharp({ create: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    writeFileSync(onDisk(image), marker);
    const third = await fetchBytes(shareUrl(image));
    expect(third.bytes.equals(marker)).toBe(true);
  });

  it('gives 5 concurrent first requests the same valid JPEG, written once and whole', async () => {
    const { image } = await uploadedProduct();
    expect(existsSync(onDisk(image))).toBe(false);

    const answers = await Promise.all(Array.from({ length: 5 }, () => fetchBytes(shareUrl(image))));
    const [first] = answers;
    for (const { res, bytes } of answers) {
      expect(res.status).toBe(200);
      expect(first && bytes.equals(first.bytes)).toBe(true);
    }
    const meta = await sharp(first?.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT]);
    expect(readFileSync(onDisk(image)).equals(first?.bytes ?? Buffer.alloc(0))).toBe(true);
    // No temporary file left next to it.
    const name = image.split('/')[1]?.replace('.webp', '.jpg') ?? '';
    expect(readdirSync(join(t.config.imageDir, 'share/products')).filter((file) => file.includes(name))).toEqual([name]);
  });

  it("answers a brand logo's card from the brands folder", async () => {
    const logo = await sharp({ create: { width: 256, height: 256, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } }).webp().toBuffer();
    await t.app.images.put('images/brands/kastro-supply.webp', logo, 'image/webp');
    const { res, bytes } = await fetchBytes(shareUrl('brands/kastro-supply.webp'));
    expect(res.status).toBe(200);
    expect((await sharp(bytes).metadata()).width).toBe(SHARE_IMAGE_WIDTH);
  });

  it('stops answering the card of a deleted product', async () => {
    const { id, image } = await uploadedProduct();
    expect((await fetchBytes(shareUrl(image))).res.status).toBe(200);

    expect((await t.request('DELETE', `/products/${id}`, { token: owner.token })).status).toBe(200);
    const res = await t.request('GET', `/${shareImagePath(image)}`);
    expect(res.status).toBe(404);
    expect(existsSync(onDisk(image))).toBe(false);
  });

  it('answers 404 with a message for an image that does not exist', async () => {
    for (const path of ['/share/products/4f2a9c0b1d3e5f7a9b8c6d4e.jpg', '/share/brands/nobody.jpg']) {
      const res = await t.request('GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'There is no image with this name.' });
    }
  });

  it.each([
    ['an encoded traversal', '/share/products/..%2f..%2f..%2fetc%2fpasswd.jpg'],
    ['an encoded traversal to a stored image', '/share/products/..%2Fbrands%2Fnike.jpg'],
    ['an encoded backslash traversal', '/share/products/..%5c..%5cx.jpg'],
    ['dot segments', '/share/products/%2e%2e.jpg'],
    ['a NUL', '/share/products/a%00b.jpg'],
    ['a NUL before the extension', '/share/products/abc%00.jpg'],
    ['the stored extension', '/share/products/abc.webp'],
    ['another extension', '/share/products/abc.png'],
    ['an upper-case extension', '/share/products/abc.JPG'],
    ['no extension', '/share/products/abc'],
    ['no name', '/share/products/.jpg'],
    ['a hidden file', '/share/products/.env.jpg'],
    ['a dot in the name', '/share/products/a.b.jpg'],
    ['a space', '/share/products/a%20b.jpg'],
    ['the avatars folder', '/share/avatars/abc.jpg'],
    ['the share folder itself', '/share/share/abc.jpg'],
    ['a traversing folder', '/share/..%2fimages/abc.jpg'],
  ])('refuses %s with 404 or 422 and a JSON message', async (_what, path) => {
    const res = await t.request('GET', path);
    expect([404, 422]).toContain(res.status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(typeof res.body.message).toBe('string');
  });

  it('names the broken parameter in the 422 body', async () => {
    const res = await t.request('GET', '/share/products/..%2f..%2fetc%2fpasswd.jpg');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: expect.any(String), errors: { file: [expect.stringContaining('.jpg')] } });
  });

  it('refuses an over-long name as the API refuses every over-long address, not with a 5xx', async () => {
    const res = await t.request('GET', `/share/products/${'a'.repeat(200)}.jpg`);
    expect(res.status).toBe(414);
    expect(res.body).toMatchObject({ message: 'The address is too long.' });
  });

  it('writes nothing for a refused or unknown name', async () => {
    await t.request('GET', '/share/products/..%2f..%2fescaped.jpg');
    await t.request('GET', '/share/brands/never-stored.jpg');
    expect(existsSync(join(t.config.imageDir, 'escaped.jpg'))).toBe(false);
    expect(existsSync(join(t.config.imageDir, 'share/brands/never-stored.jpg'))).toBe(false);
  });

  it('is in the OpenAPI document with its JPEG, 404 and 422 answers', () => {
    const doc = t.app.swagger() as { paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }> };
    const responses = doc.paths['/share/{folder}/{file}']?.get?.responses ?? {};
    expect(Object.keys(responses['200']?.content ?? {})).toEqual(['image/jpeg']);
    expect(Object.keys(responses['404']?.content ?? {})).toEqual(['application/json']);
    expect(Object.keys(responses['422']?.content ?? {})).toEqual(['application/json']);
  });
});
