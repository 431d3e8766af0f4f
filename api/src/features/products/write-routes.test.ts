import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifImage, jpegImage, pngImage, productForm, registerUser, type RegisteredUser, insertTaxonomy, uploadProduct } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { OwnProduct } from '@linkhunt/contracts/product';

let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  await insertTaxonomy(t);
  owner = await registerUser(t);
  other = await registerUser(t);
});
afterAll(() => t.close());

const fileOf = (path: string) => join(t.config.imageDir, 'images', path);

describe('POST /products', () => {
  it('stores the product with its images and answers the owner view with the links', async () => {
    const form = await productForm({
      title: 'Pantalón Vaquero Ñandú',
      brand: 'nike',
      categories: ['sneakers', 'accesorios'],
      colors: ['Blue', 'blue', 'Black'],
      link_hacoo: 'https://www.hacoo.com/product/12345001',
      link_dhgate: 'https://www.dhgate.com/product/abc.html',
      link_cnfans: 'https://weidian.com/item.html?itemID=7233464590&spider_token=43fe',
      image: await jpegImage(1600, 900),
      imageName: 'photo.jpg',
    });
    const res = await t.request('POST', '/products', { token: owner.token, form });
    expect(res.status).toBe(201);
    const product = res.body.results.data;
    expect(product).toMatchObject({
      slug: 'pantalon-vaquero-nandu',
      title: 'Pantalón Vaquero Ñandú',
      brand: { slug: 'nike', name: 'Nike' },
      description: 'Comfortable running shoes, true to size.',
      link_hacoo: 'https://www.hacoo.com/product/12345001',
      link_dhgate: 'https://www.dhgate.com/product/abc.html',
      // The agent field keeps the item: CNFans's link to it is built, whichever link was pasted.
      link_cnfans: 'https://cnfans.com/product?id=7233464590&platform=WEIDIAN',
      source_item: { marketplace: 'weidian', id: '7233464590' },
      colors: ['Blue', 'Black'],
      downloads: 0,
      hidden: 0,
      rating: { average: 0, count: 0 },
    });
    expect(product.categories.map((c: { slug: string }) => c.slug).sort()).toEqual(['accesorios', 'sneakers']);
    expect(product.image).toMatch(/^products\/[0-9a-f]+\.webp$/);
    expect(product.thumbnail).toBe(product.image.replace('.webp', '-thumb.webp'));
    expect(existsSync(fileOf(product.image))).toBe(true);
    expect(existsSync(fileOf(product.thumbnail))).toBe(true);

    const bySlug = await t.request('GET', `/products/slug/${product.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.results.data.id).toBe(product.id);
  });

  it('serves the stored images at /images/<path>, re-encoded as WebP, with long cache headers', async () => {
    const product = (await t.request('POST', '/products', { token: owner.token, form: await productForm({ image: await pngImage(2000, 500) }) })).body.results.data;
    for (const path of [product.image, product.thumbnail]) {
      const res = await fetch(`${t.baseUrl}/images/${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const cache = res.headers.get('cache-control') ?? '';
      expect(cache).toContain('max-age=31536000');
      expect(cache).toContain('immutable');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
    const sharp = (await import('sharp')).default;
    const full = await sharp(fileOf(product.image)).metadata();
    const thumb = await sharp(fileOf(product.thumbnail)).metadata();
    expect([full.width, full.height]).toEqual([1200, 300]);
    expect([thumb.width, thumb.height]).toEqual([400, 400]);
  });

  it('makes "Various" the brand when none is given', async () => {
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({}) });
    expect(res.status).toBe(201);
    expect(res.body.results.data.brand).toMatchObject({ slug: 'various', name: 'Various' });
    const empty = await t.request('POST', '/products', { token: owner.token, form: await productForm({ brand: '' }) });
    expect(empty.body.results.data.brand.slug).toBe('various');
  });

  it('gives a taken slug a suffix, so slugs stay unique', async () => {
    const a = await uploadProduct(t, owner.token, { title: 'Same Title Twice' });
    const b = await uploadProduct(t, other.token, { title: 'Same Title Twice' });
    expect(a.slug).toBe('same-title-twice');
    expect(b.slug).toMatch(/^same-title-twice-[0-9a-f]{6}$/);
  });

  it('keeps slugs short and readable for long or symbol-only titles', async () => {
    const long = await uploadProduct(t, owner.token, { title: `${'Zapatilla deportiva '.repeat(5)}!!` });
    expect(long.slug.length).toBeLessThanOrEqual(80);
    expect(long.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const symbols = await uploadProduct(t, owner.token, { title: '★★★' });
    expect(symbols.slug).toMatch(/^product(-[0-9a-f]{6})?$/);
  });

  it('needs a signed-in user', async () => {
    const res = await t.request('POST', '/products', { form: await productForm() });
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
    const bad = await t.request('POST', '/products', { token: 'not-a-token', form: await productForm() });
    expect(bad.status).toBe(401);
  });

  it('needs an image on add', async () => {
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ image: null }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.image).toEqual(['The image field is required.']);
  });

  const rejectsImage = async (image: Buffer, imageName: string, message: RegExp) => {
    const before = await countProducts();
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ image, imageName }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.image[0]).toMatch(message);
    expect(res.body.message).toBe(res.body.errors.image[0]);
    expect(await countProducts()).toBe(before);
  };

  it('rejects a text file named .png', async () => {
    await rejectsImage(Buffer.from('just some text, not a picture at all'), 'fake.png', /PNG or JPG/);
  });

  it('rejects a GIF', async () => {
    await rejectsImage(await gifImage(), 'anim.gif', /PNG or JPG/);
  });

  it('rejects an image over 2 MB with 413', async () => {
    const big = await pngImage(1200, 1000, true);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const before = await countProducts();
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ image: big, imageName: 'big.png' }) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: 'The image may not be larger than 2 MB.', errors: { image: ['The image may not be larger than 2 MB.'] } });
    expect(await countProducts()).toBe(before);
  });

  it('rejects a truncated PNG whose header looks right', async () => {
    const png = await pngImage(200, 200);
    await rejectsImage(png.subarray(0, 60), 'cut.png', /could not be read/);
  });

  describe('store links', () => {
    const cases: [string, Record<string, string>, string, RegExp][] = [
      ['a javascript: link', { link_hacoo: 'javascript:alert(1)' }, 'link_hacoo', /https/],
      ['a data: link', { link_hacoo: 'data:text/html,<script>alert(1)</script>' }, 'link_hacoo', /https/],
      ['an http: link', { link_hacoo: 'http://www.hacoo.com/product/1' }, 'link_hacoo', /must start with https:\/\//],
      ['an unrelated host', { link_hacoo: 'https://evil.example.com/hacoo.com' }, 'link_hacoo', /hacoo\.com/],
      ['a look-alike host', { link_hacoo: 'https://hacoo.com.evil.com/p/1' }, 'link_hacoo', /hacoo\.com/],
      ['a suffix look-alike', { link_hacoo: 'https://evilhacoo.com/p/1' }, 'link_hacoo', /hacoo\.com/],
      ['the userinfo trick', { link_hacoo: 'https://hacoo.com@evil.com/p/1' }, 'link_hacoo', /user name or password/],
      ['a user name on the right host', { link_hacoo: 'https://evil@hacoo.com/p/1' }, 'link_hacoo', /user name/],
      ['a port', { link_hacoo: 'https://hacoo.com:8443/p/1' }, 'link_hacoo', /port/],
      ['an IP host', { link_hacoo: 'https://93.184.216.34/p/1' }, 'link_hacoo', /hacoo\.com/],
      ['an IPv6 host', { link_hacoo: 'https://[::1]/p/1' }, 'link_hacoo', /hacoo\.com/],
      ['not a URL', { link_hacoo: 'www.hacoo.com/product/1' }, 'link_hacoo', /not a valid URL/],
      ['another store\'s host', { link_hacoo: 'https://www.dhgate.com/p/1' }, 'link_hacoo', /hacoo\.com/],
      ['a bad DHGate link', { link_dhgate: 'https://www.hacoo.com/p/1' }, 'link_dhgate', /DHGate link must be an https:\/\/ link to dhgate\.com/],
      ['a bad agent link', { link_cnfans: 'javascript:void(0)' }, 'link_cnfans', /not a link/],
    ];
    for (const [name, links, field, message] of cases) {
      it(`rejects ${name}`, async () => {
        const before = await countProducts();
        const res = await t.request('POST', '/products', { token: owner.token, form: await productForm(links) });
        expect(res.status).toBe(422);
        expect(Object.keys(res.body.errors)).toEqual([field]);
        expect(res.body.errors[field][0]).toMatch(message);
        expect(await countProducts()).toBe(before);
      });
    }

    it('requires the Hacoo link', async () => {
      const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ link_hacoo: '' }) });
      expect(res.status).toBe(422);
      expect(res.body.errors.link_hacoo).toBeDefined();
    });

    it('accepts subdomains and other casing of the listed hosts', async () => {
      const res = await t.request('POST', '/products', {
        token: owner.token,
        form: await productForm({ link_hacoo: 'https://M.Hacoo.COM/p/1?x=1', link_dhgate: 'https://dhgate.to/abc' }),
      });
      expect(res.status).toBe(201);
      expect(res.body.results.data.link_hacoo).toBe('https://m.hacoo.com/p/1?x=1');
      expect(res.body.results.data.link_dhgate).toBe('https://dhgate.to/abc');
      expect(res.body.results.data.link_cnfans).toBeNull();
    });
  });

  it('rejects an unknown brand slug', async () => {
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ brand: 'no-such-brand' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.brand).toEqual(['The brand "no-such-brand" does not exist.']);
  });

  it('rejects an unknown category slug, and a form without categories', async () => {
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ categories: ['sneakers', 'nope'] }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.categories).toEqual(['The category "nope" does not exist.']);
    const none = await t.request('POST', '/products', { token: owner.token, form: await productForm({ categories: [] }) });
    expect(none.status).toBe(422);
    expect(none.body.errors.categories).toBeDefined();
  });

  it('reports every broken rule at once and writes no file on a 422', async () => {
    const before = await imageFiles();
    const res = await t.request('POST', '/products', {
      token: owner.token,
      form: await productForm({ brand: 'nope', link_hacoo: 'http://hacoo.com/p', categories: ['nope'] }),
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['brand', 'categories', 'link_hacoo']);
    expect(await imageFiles()).toEqual(before);
  });

  it('checks the schema: a short title', async () => {
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ title: 'ab' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors.title[0]).toMatch(/at least 3/);
  });

  it('takes the store hosts from configuration', async () => {
    const custom = await createTestApp({ links: { hacoo: ['shop.example.org'], dhgate: ['dhgate.com'], cnfans: ['cnfans.com'] } });
    try {
      await insertTaxonomy(custom);
      const user = await registerUser(custom);
      const ok = await custom.request('POST', '/products', { token: user.token, form: await productForm({ link_hacoo: 'https://shop.example.org/p/1' }) });
      expect(ok.status).toBe(201);
      const off = await custom.request('POST', '/products', { token: user.token, form: await productForm({ link_hacoo: 'https://www.hacoo.com/p/1' }) });
      expect(off.status).toBe(422);
      expect(off.body.errors.link_hacoo[0]).toMatch(/shop\.example\.org/);
    } finally {
      await custom.close();
    }
  });

  it('answers 415 to a JSON body', async () => {
    const res = await t.request('POST', '/products', { token: owner.token, json: { title: 'x' } });
    expect(res.status).toBe(415);
  });
});

describe('POST /products/update', () => {
  it('changes the fields, keeps the slug and the image when none is sent', async () => {
    const created = (await t.request('POST', '/products', {
      token: owner.token,
      form: await productForm({ title: 'Original Name', brand: 'nike', link_dhgate: 'https://dhgate.com/x' }),
    })).body.results.data;
    const form = await productForm({ title: 'Renamed Item', brand: 'adidas', categories: ['accesorios'], colors: ['green'], image: null }, { id: String(created.id) });
    const res = await t.request('POST', '/products/update', { token: owner.token, form });
    expect(res.status).toBe(200);
    expect(res.body.results.data).toMatchObject({
      id: created.id,
      slug: created.slug,
      title: 'Renamed Item',
      brand: { slug: 'adidas' },
      categories: [{ slug: 'accesorios' }],
      colors: ['green'],
      image: created.image,
      thumbnail: created.thumbnail,
      link_dhgate: null,
    });
    expect(existsSync(fileOf(created.image))).toBe(true);
    const search = await t.request('GET', '/products/search/renamed');
    expect(search.body.results.data.map((p: { id: number }) => p.id)).toContain(created.id);
  });

  it('replaces the image and removes the old files', async () => {
    const created = await upload(owner.token, {});
    const form = await productForm({ image: await jpegImage(300, 300), imageName: 'new.jpg' }, { id: String(created.id) });
    const res = await t.request('POST', '/products/update', { token: owner.token, form });
    expect(res.status).toBe(200);
    const updated = res.body.results.data;
    expect(updated.image).not.toBe(created.image);
    expect(existsSync(fileOf(updated.image))).toBe(true);
    expect(existsSync(fileOf(updated.thumbnail))).toBe(true);
    expect(existsSync(fileOf(created.image))).toBe(false);
    expect(existsSync(fileOf(created.thumbnail))).toBe(false);
  });

  it('keeps the old image and writes nothing when the update is rejected', async () => {
    const created = await upload(owner.token, {});
    const before = await imageFiles();
    const form = await productForm({ link_hacoo: 'javascript:alert(1)', image: await pngImage(100, 100) }, { id: String(created.id) });
    const res = await t.request('POST', '/products/update', { token: owner.token, form });
    expect(res.status).toBe(422);
    expect(await imageFiles()).toEqual(before);
    expect((await t.request('GET', `/auth/products`, { token: owner.token })).body.results.data.find((p: { id: number }) => p.id === created.id).image).toBe(created.image);
  });

  it('is for the owner only (403), for an existing product (404), for a signed-in user (401)', async () => {
    const created = await uploadProduct(t, owner.token, { title: 'Mine Only' });
    const form = async () => productForm({ title: 'Hijacked', image: null }, { id: String(created.id) });
    const notOwner = await t.request('POST', '/products/update', { token: other.token, form: await form() });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.message).toBe('You can only edit your own products.');
    const anonymous = await t.request('POST', '/products/update', { form: await form() });
    expect(anonymous.status).toBe(401);
    const missing = await t.request('POST', '/products/update', { token: owner.token, form: await productForm({ image: null }, { id: '999999' }) });
    expect(missing.status).toBe(404);
    const noId = await t.request('POST', '/products/update', { token: owner.token, form: await productForm({ image: null }) });
    expect(noId.status).toBe(422);
    expect(noId.body.errors.id).toBeDefined();
    const bySlug = await t.request('GET', `/products/slug/${created.slug}`);
    expect(bySlug.body.results.data.title).toBe('Mine Only');
  });
});

describe('DELETE /products/:id', () => {
  it('deletes the product and its images, for the owner only', async () => {
    const created = await upload(owner.token, { title: 'Short Lived' });
    expect((await t.request('DELETE', `/products/${created.id}`)).status).toBe(401);
    const notOwner = await t.request('DELETE', `/products/${created.id}`, { token: other.token });
    expect(notOwner.status).toBe(403);
    expect(existsSync(fileOf(created.image))).toBe(true);

    const res = await t.request('DELETE', `/products/${created.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Product deleted' });
    expect(existsSync(fileOf(created.image))).toBe(false);
    expect(existsSync(fileOf(created.thumbnail))).toBe(false);
    expect((await t.request('GET', `/products/slug/${created.slug}`)).status).toBe(404);
    expect((await t.request('GET', '/products/search/lived')).body.results.data).toEqual([]);
    expect((await t.request('DELETE', `/products/${created.id}`, { token: owner.token })).status).toBe(404);
  });

  it('keeps image files another product still uses', async () => {
    const a = await upload(owner.token, {});
    const b = await upload(owner.token, {});
    // Demo products can share one drawn picture.
    await t.app.db.updateTable('products').set({ image: a.image, thumbnail: a.thumbnail }).where('id', '=', b.id).execute();
    expect((await t.request('DELETE', `/products/${a.id}`, { token: owner.token })).status).toBe(200);
    expect(existsSync(fileOf(a.image))).toBe(true);
  });

  it('rejects an id that is not a number', async () => {
    expect((await t.request('DELETE', '/products/abc', { token: owner.token })).status).toBe(422);
  });
});

describe('GET /auth/products', () => {
  it('lists my products, hidden ones too, newest first, with their links and pagination', async () => {
    const me = await registerUser(t);
    const first = await uploadProduct(t, me.token, { title: 'First Of Mine' });
    const second = await uploadProduct(t, me.token, { title: 'Second Of Mine' });
    const third = await uploadProduct(t, me.token, { title: 'Third Of Mine', link_hacoo: 'https://www.hacoo.com/product/12345' });
    await t.app.db.updateTable('products').set({ hidden: 1 }).where('id', '=', second.id).execute();

    const res = await t.request('GET', '/auth/products', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.results.data.map((p: { id: number }) => p.id)).toEqual([third.id, second.id, first.id]);
    expect(res.body.results.data[1].hidden).toBe(1);
    expect(res.body.results.data[0].link_hacoo).toBe('https://www.hacoo.com/product/12345');
    expect(res.body.results.meta.pagination).toEqual({ total: 3, count: 3, per_page: 20, current_page: 1, total_pages: 1 });

    const page2 = await t.request('GET', '/auth/products?page=2&per_page=2', { token: me.token });
    expect(page2.body.results.data.map((p: { id: number }) => p.id)).toEqual([first.id]);
    expect(page2.body.results.meta.pagination).toMatchObject({ total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 });

    expect((await t.request('GET', '/auth/products?per_page=51', { token: me.token })).status).toBe(422);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('GET', '/auth/products')).status).toBe(401);
  });
});

/** uploadProduct, typed with the image paths these tests look at. */
async function upload(token: string, input: Parameters<typeof uploadProduct>[2]): Promise<OwnProduct> {
  return (await uploadProduct(t, token, input)) as OwnProduct;
}

async function countProducts(): Promise<number> {
  const rows = await t.app.db.selectFrom('products').select('id').execute();
  return rows.length;
}

async function imageFiles(): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const dir = join(t.config.imageDir, 'images', 'products');
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
}
