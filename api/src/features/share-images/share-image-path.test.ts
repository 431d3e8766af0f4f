import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImagePath } from '@linkhunt/contracts/share-image';
import { ShareImageParams } from '@linkhunt/contracts/schemas/share-image';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';

describe('shareImagePath', () => {
  it('is the 1.91:1 card size the preview bots show large', () => {
    expect([SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT]).toEqual([1200, 630]);
  });

  it.each([
    ['products/4f2a9c0b1d3e5f7a9b8c6d4e.webp', 'share/products/4f2a9c0b1d3e5f7a9b8c6d4e.jpg'],
    ['products/camiseta-basica-3.webp', 'share/products/camiseta-basica-3.jpg'],
    ['brands/kastro-supply.webp', 'share/brands/kastro-supply.jpg'],
    ['products/Under_Score-9.webp', 'share/products/Under_Score-9.jpg'],
    [`products/${'a'.repeat(96)}.webp`, `share/products/${'a'.repeat(96)}.jpg`],
  ])('maps %s to %s', (image, expected) => {
    expect(shareImagePath(image)).toBe(expected);
  });

  it.each([
    ['an avatar', 'avatars/abc.webp'],
    ['another folder', 'uploads/abc.webp'],
    ['a PNG', 'products/abc.png'],
    ['a JPEG already', 'products/abc.jpg'],
    ['no extension', 'products/abc'],
    ['an empty name', 'products/.webp'],
    ['a hidden file', 'products/.abc.webp'],
    ['a dot in the name', 'products/a.b.webp'],
    ['a subfolder', 'products/a/b.webp'],
    ['a traversal', 'products/../users.webp'],
    ['an encoded traversal', 'products/..%2fusers.webp'],
    ['a leading slash', '/products/abc.webp'],
    ['the /images prefix', 'images/products/abc.webp'],
    ['an absolute URL', 'https://cdn.example/products/abc.webp'],
    ['a query string', 'products/abc.webp?v=2'],
    ['a NUL', 'products/a\u0000b.webp'],
    ['a space', 'products/a b.webp'],
    ['a name past the limit', `products/${'a'.repeat(97)}.webp`],
    ['nothing', ''],
  ])('answers null for %s', (_what, image) => {
    expect(shareImagePath(image)).toBeNull();
  });

  it('only ever maps to an address the route accepts', () => {
    for (const image of ['products/abc.webp', 'brands/nike.webp', `products/${'z'.repeat(96)}.webp`, 'products/x-thumb.webp']) {
      const path = shareImagePath(image);
      const [share, folder, file] = path?.split('/') ?? [];
      expect(share).toBe('share');
      expect(Value.Check(ShareImageParams, { folder, file })).toBe(true);
    }
  });
});
