import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalImageStore } from '../../media/image-store/local-image-store.js';
import { ShareImageCache } from './share-image-cache.js';

/** A stand-in renderer that counts its calls and answers after a delay, so that requests overlap. */
function countingRender(delayMs = 30) {
  const calls: Buffer[] = [];
  const render = async (source: Buffer) => {
    calls.push(source);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return Buffer.concat([Buffer.from('jpeg of '), source]);
  };
  return { calls, render };
}

describe('ShareImageCache', () => {
  let dir: string;
  const putSource = (name: string, bytes = `webp ${name}`) => {
    mkdirSync(join(dir, 'images/products'), { recursive: true });
    writeFileSync(join(dir, 'images/products', `${name}.webp`), bytes);
  };
  const renditionDir = () => join(dir, 'share/products');

  /** A cache over a folder store, and the bytes of the rendition it answers (null when it answers none). */
  const cacheOf = (render: (source: Buffer) => Promise<Buffer>) => {
    const cache = new ShareImageCache(new LocalImageStore(dir), render);
    return {
      async get(folder: 'products' | 'brands', name: string): Promise<Buffer | null> {
        const key = await cache.ensure(folder, name);
        return key ? readFileSync(join(dir, key)) : null;
      },
    };
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkhunt-share-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('renders concurrent first requests once and gives each the same bytes', async () => {
    putSource('abc');
    const { calls, render } = countingRender();
    const cache = cacheOf(render);

    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('products', 'abc')));
    expect(calls).toHaveLength(1);
    for (const answer of answers) expect(answer?.toString()).toBe('jpeg of webp abc');
  });

  it('keeps the rendition on disk and reads it from there afterwards, even in another instance', async () => {
    putSource('abc');
    const first = countingRender();
    await cacheOf(first.render).get('products', 'abc');
    expect(readFileSync(join(renditionDir(), 'abc.jpg')).toString()).toBe('jpeg of webp abc');

    const second = countingRender();
    const later = cacheOf(second.render);
    expect((await later.get('products', 'abc'))?.toString()).toBe('jpeg of webp abc');
    expect(second.calls).toHaveLength(0);
  });

  it('leaves no temporary file behind, only the rendition', async () => {
    putSource('abc');
    await cacheOf(countingRender().render).get('products', 'abc');
    expect(readdirSync(renditionDir())).toEqual(['abc.jpg']);
  });

  it('answers null for an image that does not exist, and writes nothing', async () => {
    const { calls, render } = countingRender();
    expect(await cacheOf(render).get('products', 'missing')).toBeNull();
    expect(calls).toHaveLength(0);
    expect(existsSync(renditionDir())).toBe(false);
  });

  it('deletes the rendition of a source that was deleted, and answers null', async () => {
    putSource('gone');
    const cache = cacheOf(countingRender().render);
    await cache.get('products', 'gone');
    rmSync(join(dir, 'images/products/gone.webp'));

    expect(await cache.get('products', 'gone')).toBeNull();
    expect(existsSync(join(renditionDir(), 'gone.jpg'))).toBe(false);
  });

  it('keeps folders apart: a brand and a product of the same name are two images', async () => {
    putSource('nike', 'product picture');
    mkdirSync(join(dir, 'images/brands'), { recursive: true });
    writeFileSync(join(dir, 'images/brands/nike.webp'), 'brand logo');
    const cache = cacheOf(countingRender().render);

    const [product, brand] = await Promise.all([cache.get('products', 'nike'), cache.get('brands', 'nike')]);
    expect(product?.toString()).toBe('jpeg of product picture');
    expect(brand?.toString()).toBe('jpeg of brand logo');
    expect(readFileSync(join(dir, 'share/brands/nike.jpg')).toString()).toBe('jpeg of brand logo');
  });

  it('writes nothing when rendering fails, tells every waiter, and tries again on the next request', async () => {
    putSource('broken');
    let attempts = 0;
    const cache = cacheOf(async (source) => {
      attempts += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (attempts === 1) throw new Error('unreadable image');
      return source;
    });

    const failed = await Promise.allSettled([cache.get('products', 'broken'), cache.get('products', 'broken')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(attempts).toBe(1);
    expect(existsSync(join(renditionDir(), 'broken.jpg'))).toBe(false);

    expect((await cache.get('products', 'broken'))?.toString()).toBe('webp broken');
    expect(attempts).toBe(2);
  });
});
