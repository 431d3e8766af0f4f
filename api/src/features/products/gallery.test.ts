import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRODUCT_PHOTOS } from '@linkhunt/contracts/photos';
import type { OwnProduct } from '@linkhunt/contracts/product';
import type { ProductPhoto } from '@linkhunt/contracts/photos';
import { loadConfig } from '../../config.js';
import { sweepImages } from '../../media/image-maintenance/sweep-images.js';
import { jpegImage, pngImage, productForm, registerUser, type RegisteredUser, insertTaxonomy } from '../../test/fixtures.js';
import { createTestApp, type TestApp, type TestResponse } from '../../test/test-app.js';
import { productImageKeys } from './product-images.js';

/** Product galleries: up to 8 photos in the owner's order, each with alt text and a QC flag; the first is the cover. */
let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  owner = await registerUser(t);
});
afterAll(() => t.close());

/** Distinct pictures, so that each stored file differs. */
const photo = (i: number) => pngImage(40 + i, 30 + i);
const blob = (data: Buffer) => new Blob([new Uint8Array(data)]);

async function galleryForm(photos: Buffer[], gallery: unknown, extra: Record<string, string> = {}): Promise<FormData> {
  const form = await productForm({ image: null }, extra);
  for (const [i, data] of photos.entries()) form.append('photos', blob(data), `p${i}.png`);
  if (gallery !== undefined) form.set('gallery', typeof gallery === 'string' ? gallery : JSON.stringify(gallery));
  return form;
}

const create = async (form: FormData, user = owner): Promise<TestResponse> => t.request('POST', '/products', { token: user.token, form });
const update = async (id: number, photos: Buffer[], gallery: unknown): Promise<TestResponse> =>
  t.request('POST', '/products/update', { token: owner.token, form: await galleryForm(photos, gallery, { id: String(id) }) });

async function created(form: FormData): Promise<OwnProduct> {
  const res = await create(form);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.results.data as OwnProduct;
}

/** Whether every file of a photo (both sizes) is in the store. */
const stored = async (files: { image: string; thumbnail: string }) =>
  (await Promise.all([files.image, files.thumbnail].map((path) => t.app.images.head(`images/${path}`)))).every((info) => info !== null);
const gone = async (files: { image: string; thumbnail: string }) =>
  (await Promise.all(productImageKeys(files).map((key) => t.app.images.head(key)))).every((info) => info === null);

const bySlug = async (slug: string) => (await t.request('GET', `/products/slug/${slug}`)).body.results.data as { photos: ProductPhoto[]; image: string };

describe('a gallery on upload', () => {
  it('keeps three photos in the order asked, with alt text and QC flags; the first is the cover', async () => {
    const product = await created(await galleryForm([await photo(1), await photo(2), await photo(3)], [
      { upload: 2, alt: '  Front view  ' },
      { upload: 0, alt: 'Warehouse photo', qc: true },
      { upload: 1 },
    ]));
    expect(product.photos).toHaveLength(3);
    expect(product.photos.map((p) => [p.alt, p.qc])).toEqual([['Front view', false], ['Warehouse photo', true], ['', false]]);
    expect(product.photos.every((p) => p.image.startsWith('products/') && p.thumbnail.endsWith('-thumb.webp'))).toBe(true);
    expect(product.image).toBe(product.photos[0]?.image);
    expect(product.thumbnail).toBe(product.photos[0]?.thumbnail);
    for (const p of product.photos) expect(await stored(p)).toBe(true);

    // The page's payload carries them all; lists the cover only.
    expect((await bySlug(product.slug)).photos).toEqual(product.photos);
    const recents = (await t.request('GET', '/products/recents')).body.results.data as Record<string, unknown>[];
    const card = recents.find((p) => p.id === product.id);
    expect(card).toMatchObject({ image: product.image, thumbnail: product.thumbnail });
    expect(card).not.toHaveProperty('photos');
  });

  it('takes photos without a gallery in the order sent, after the older image field', async () => {
    const form = await galleryForm([await photo(4), await photo(5)], undefined);
    form.set('image', blob(await jpegImage(50, 50)), 'cover.jpg');
    const product = await created(form);
    expect(product.photos).toHaveLength(3);
    expect(product.image).toBe(product.photos[0]?.image);
  });

  it('still takes the single image field alone, as before: one cover photo', async () => {
    const product = await created(await productForm({ image: await pngImage(80, 60) }));
    expect(product.photos).toEqual([{ id: expect.any(Number), image: product.image, thumbnail: product.thumbnail, alt: '', qc: false }]);
  });

  it(`refuses more than ${MAX_PRODUCT_PHOTOS} photos with a 422 on photos, and stores nothing`, async () => {
    const photos = await Promise.all(Array.from({ length: MAX_PRODUCT_PHOTOS + 1 }, (_, i) => photo(i)));
    const before = await storeKeys();
    const res = await create(await galleryForm(photos, photos.map((_, i) => ({ upload: i }))));
    expect(res.status).toBe(422);
    expect(res.body.errors.photos).toEqual([`Choose at most ${MAX_PRODUCT_PHOTOS} photos.`]);
    expect(await storeKeys()).toEqual(before);

    const eight = await created(await galleryForm(photos.slice(0, MAX_PRODUCT_PHOTOS), undefined));
    expect(eight.photos).toHaveLength(MAX_PRODUCT_PHOTOS);
    const ninth = await t.request('POST', '/products/update', { token: owner.token, form: await galleryForm([await photo(20)], undefined, { id: String(eight.id) }) });
    expect(ninth.status).toBe(422);
    expect(ninth.body.errors.photos).toEqual([`A product may have at most ${MAX_PRODUCT_PHOTOS} photos.`]);
  });
});

describe('the gallery field, checked', () => {
  const cases: [string, () => Promise<FormData>, Record<string, string[]>][] = [
    ['not JSON', async () => galleryForm([await photo(1)], '[{"upload": 0'), { gallery: ['The gallery must be a list of photos in JSON: each {"photo": id} or {"upload": number}, with an optional alt text and qc.'] }],
    ['not a list', async () => galleryForm([await photo(1)], { upload: 0 }), { gallery: ['The gallery must be a list of photos in JSON: each {"photo": id} or {"upload": number}, with an optional alt text and qc.'] }],
    ['empty', async () => galleryForm([], []), { gallery: ['The gallery needs at least one photo: the first one is the cover.'] }],
    ['a photo of another product', async () => galleryForm([await photo(1)], [{ upload: 0 }, { photo: 1 }]), { gallery: ['Photo 1 is not one of this product\'s photos.'] }],
    ['an upload out of range', async () => galleryForm([await photo(1)], [{ upload: 0 }, { upload: 1 }]), { gallery: ['The gallery names upload 1, but the form sent 1 photo (they are numbered from 0).'] }],
    ['an upload placed twice', async () => galleryForm([await photo(1), await photo(2)], [{ upload: 0 }, { upload: 0 }, { upload: 1 }]), { gallery: ['Upload 0 is in the gallery twice.'] }],
    ['an upload not placed', async () => galleryForm([await photo(1), await photo(2)], [{ upload: 1 }]), { gallery: ['Uploaded photo 0 is not placed in the gallery.'] }],
    ['an item of neither kind', async () => galleryForm([await photo(1)], [{ upload: 0, photo: 3 }]), {
      gallery: ['Photo 1 of the gallery is not valid: give either "photo" (the id of one of the product\'s photos) or "upload" (the number of a file sent), with an optional "alt" text and "qc" true or false.', 'Uploaded photo 0 is not placed in the gallery.'],
    }],
    ['a qc that is not true or false', async () => galleryForm([await photo(1)], [{ upload: 0, qc: 'yes' }]), {
      gallery: ['Photo 1 of the gallery is not valid: give either "photo" (the id of one of the product\'s photos) or "upload" (the number of a file sent), with an optional "alt" text and "qc" true or false.', 'Uploaded photo 0 is not placed in the gallery.'],
    }],
    ['an alt text too long', async () => galleryForm([await photo(1)], [{ upload: 0, alt: 'a'.repeat(201) }]), { gallery: ['The alt text of photo 1 may not be longer than 200 characters.'] }],
    ['an alt text with a NUL', async () => galleryForm([await photo(1)], [{ upload: 0, alt: 'a\u0000b' }]), { gallery: [expect.stringContaining('U+0000') as unknown as string] }],
    ['more than 8 places', async () => galleryForm([await photo(1)], [{ upload: 0 }, ...Array.from({ length: 8 }, () => ({ photo: 1 }))]), { gallery: expect.arrayContaining(['A product may have at most 8 photos.']) as unknown as string[] }],
    ['the image field beside a gallery', async () => {
      const form = await galleryForm([await photo(1)], [{ upload: 0 }]);
      form.set('image', blob(await photo(2)), 'x.png');
      return form;
    }, { image: ['With a gallery, send the new photos as photos, not as image.'] }],
    ['a photo that is not an image', async () => {
      const form = await galleryForm([], [{ upload: 0 }]);
      form.append('photos', blob(Buffer.from('not an image at all')), 'x.png');
      return form;
    }, { photos: ['The image must be a PNG or JPG file.'] }],
  ];

  it.each(cases)('answers 422 with the field\'s messages, and stores nothing: %s', async (_name, form, errors) => {
    const before = await storeKeys();
    const res = await create(await form());
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors).toEqual(errors);
    expect(await storeKeys()).toEqual(before);
  });

  it('answers in the request\'s language', async () => {
    const res = await t.request('POST', '/products?lng=de', { token: owner.token, form: await galleryForm([await photo(1)], [{ upload: 0 }, { upload: 3 }]) });
    expect(res.status).toBe(422);
    expect(res.body.errors.gallery).toEqual(['Die Galerie nennt Upload 3, aber das Formular hat 1 Foto gesendet (gezählt ab 0).']);
  });
});

describe('a gallery on edit', () => {
  it('reorders, changes alt and QC, removes one (every file of it) and adds one', async () => {
    const product = await created(await galleryForm([await photo(1), await photo(2), await photo(3)], [{ upload: 0 }, { upload: 1 }, { upload: 2 }]));
    const [a, b, c] = product.photos as [ProductPhoto, ProductPhoto, ProductPhoto];
    const res = await update(product.id, [await photo(9)], [
      { photo: c.id, alt: 'Side', qc: true },
      { upload: 0, alt: 'New one' },
      { photo: a.id },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const edited = res.body.results.data as OwnProduct;
    expect(edited.photos.map((p) => p.id).filter((id) => id !== edited.photos[1]?.id)).toEqual([c.id, a.id]);
    expect(edited.photos.map((p) => [p.alt, p.qc])).toEqual([['Side', true], ['New one', false], ['', false]]);
    expect([edited.image, edited.thumbnail]).toEqual([c.image, c.thumbnail]);
    expect(await gone(b)).toBe(true);
    for (const p of edited.photos) expect(await stored(p)).toBe(true);
    expect((await bySlug(product.slug)).photos).toEqual(edited.photos);
  });

  it('keeps the gallery when the form has none, and the older image field replaces the cover', async () => {
    const product = await created(await galleryForm([await photo(1), await photo(2)], [{ upload: 0, alt: 'Cover' }, { upload: 1 }]));
    const unchanged = await t.request('POST', '/products/update', { token: owner.token, form: await productForm({ title: 'Renamed', image: null }, { id: String(product.id) }) });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.results.data.photos).toEqual(product.photos);

    const [cover, second] = product.photos as [ProductPhoto, ProductPhoto];
    const replaced = await t.request('POST', '/products/update', { token: owner.token, form: await productForm({ image: await jpegImage(70, 70) }, { id: String(product.id) }) });
    expect(replaced.status).toBe(200);
    const photos = replaced.body.results.data.photos as ProductPhoto[];
    expect(photos.map((p) => [p.id, p.alt])).toEqual([[cover.id, 'Cover'], [second.id, '']]);
    expect(photos[0]?.image).not.toBe(cover.image);
    expect(replaced.body.results.data.image).toBe(photos[0]?.image);
    expect(await gone(cover)).toBe(true);
  });

  it('refuses a photo id of another product, and changes nothing', async () => {
    const mine = await created(await galleryForm([await photo(1)], [{ upload: 0 }]));
    const other = await created(await galleryForm([await photo(2)], [{ upload: 0 }]));
    const res = await update(mine.id, [], [{ photo: other.photos[0]?.id }]);
    expect(res.status).toBe(422);
    expect(res.body.errors.gallery).toEqual([`Photo ${other.photos[0]?.id} is not one of this product's photos.`]);
    expect((await bySlug(mine.slug)).photos).toEqual(mine.photos);
  });
});

describe('the daily photo limit', () => {
  it('is 60 by default and DAILY_PHOTO_LIMIT sets it', () => {
    expect(loadConfig({}).dailyPhotoLimit).toBe(60);
    expect(loadConfig({ DAILY_PHOTO_LIMIT: '7' }).dailyPhotoLimit).toBe(7);
  });

  it('answers 429 with Retry-After past DAILY_PHOTO_LIMIT, counting gallery photos, and writes no photo past it', async () => {
    const limited = await createTestApp({ dailyPhotoLimit: 3 });
    try {
      await insertTaxonomy(limited);
      const user = await registerUser(limited);
      const first = await limited.request('POST', '/products', { token: user.token, form: await galleryForm([await photo(1), await photo(2)], undefined) });
      expect(first.status).toBe(201);
      const refused = await limited.request('POST', '/products', { token: user.token, form: await galleryForm([await photo(3), await photo(4)], undefined) });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('You have uploaded 3 photos today, the most one account may upload in a day. You can upload photos again after midnight (UTC).');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // One more fits, on an edit too; then the edit is refused.
      const id = String(first.body.results.data.id);
      expect((await limited.request('POST', '/products/update', { token: user.token, form: await galleryForm([await photo(5)], undefined, { id }) })).status).toBe(200);
      const past = await limited.request('POST', '/products/update', { token: user.token, form: await galleryForm([await photo(6)], undefined, { id }) });
      expect(past.status).toBe(429);
      expect(past.headers.get('retry-after')).not.toBeNull();
      expect(await limited.app.db.selectFrom('product_photos').select('id').execute()).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe('removal and the sweep', () => {
  it('deletes every photo\'s files with the product', async () => {
    const product = await created(await galleryForm([await photo(1), await photo(2), await photo(3)], undefined));
    for (const p of product.photos) expect(await stored(p)).toBe(true);
    expect((await t.request('DELETE', `/products/${product.id}`, { token: owner.token })).status).toBe(200);
    for (const p of product.photos) expect(await gone(p)).toBe(true);
    expect(await t.app.db.selectFrom('product_photos').select('id').where('product_id', '=', product.id).execute()).toEqual([]);
  });

  it('images:sweep leaves every gallery photo alone and removes a file no row names', async () => {
    const product = await created(await galleryForm([await photo(1), await photo(2)], undefined));
    await t.app.images.put('images/products/orphan.webp', await photo(3), 'image/webp');
    const report = await sweepImages(t.app.images, t.app.db, { graceMs: 0, dryRun: false, now: Date.now() + 1000 });
    expect(report.orphans).toContain('images/products/orphan.webp');
    for (const p of product.photos) expect(await stored(p)).toBe(true);
  });

  it('serves a gallery photo of a withdrawn product to its uploader only', async () => {
    const product = await created(await galleryForm([await photo(1), await photo(2)], undefined));
    const second = product.photos[1] as ProductPhoto;
    expect((await t.request('GET', `/images/${second.image}`)).status).toBe(200);
    await t.app.db.updateTable('products').set({ hidden: 1, withdrawn: 1 }).where('id', '=', product.id).execute();
    expect((await t.request('GET', `/images/${second.image}`)).status).toBe(410);
    expect((await t.request('GET', `/images/${second.thumbnail}`, { token: owner.token })).status).toBe(200);
  });
});

async function storeKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of t.app.images.list('images/')) keys.push(file.key);
  return keys.sort();
}
