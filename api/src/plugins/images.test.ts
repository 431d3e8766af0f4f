import { shareImagePath } from '@linkhunt/contracts/share-image';
import sharp from 'sharp';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageStoreConfig } from '../media/image-store/store-config.js';
import { type CuttableProxy, startCuttableProxy } from '../test/cuttable-proxy.js';
import { english } from '../test/english.js';
import { freePort } from '../test/free-port.js';
import { insertTaxonomy, pngImage, productForm, registerUser, type RegisteredUser } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createTestAppWithStore, createTestBucket, s3ForTests, type TestBucket, testS3 } from '../test/test-s3.js';

/**
 * Every instance serves the images from the configured store: the same answers whether the store is the
 * local folder or S3 (Swift's s3api here), and a 503 in the API's words when S3 is down.
 */
const s3Runs = await s3ForTests('the image serving tests');

const CACHE_FOREVER = 'public, max-age=31536000, immutable';
const UNAVAILABLE = { message: english('request.unavailable'), code: 'request.unavailable' };

/**
 * A conditional GET as a cache or a CDN sends it. Not with fetch: it adds `Cache-Control: no-cache` to any
 * request with If-None-Match (it has no cache of its own), which asks for the whole answer again.
 */
async function revalidate(url: string, headers: Record<string, string>): Promise<{ status: number; etag: string; cacheControl: string; body: string }> {
  const res = await request(url, { headers });
  const header = (name: string) => String(res.headers[name] ?? '');
  return { status: res.statusCode, etag: header('etag'), cacheControl: header('cache-control'), body: await res.body.text() };
}

interface Uploaded {
  id: number;
  image: string;
  thumbnail: string;
}

describe.each([
  { driver: 'local' as const, runs: true },
  { driver: 's3' as const, runs: s3Runs },
])('images served from the $driver store', ({ driver, runs }) => {
  let t: TestApp;
  let owner: RegisteredUser;

  beforeAll(async () => {
    if (!runs) return;
    t = await createTestAppWithStore(driver);
    await insertTaxonomy(t);
    owner = await registerUser(t);
  });
  afterAll(async () => t?.close());

  async function upload(): Promise<Uploaded> {
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ image: await pngImage(900, 500) }) });
    expect(res.status).toBe(201);
    return res.body.results.data;
  }

  it.runIf(runs)('answers an uploaded picture with its type, length, ETag, Last-Modified and a year of caching', async () => {
    const { image } = await upload();
    const res = await fetch(`${t.baseUrl}/images/${image}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(res.headers.get('cache-control')).toBe(CACHE_FOREVER);
    expect(res.headers.get('etag')).toMatch(/^(W\/)?"[^"]+"$/);
    expect(Date.parse(res.headers.get('last-modified') ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    const stored = await t.app.images.get(`images/${image}`);
    stored?.body.destroy();
    expect(stored?.size).toBe(bytes.length);
  });

  it.runIf(runs)('answers 304 without a body to a copy that is current, by ETag or by date, and 200 to one that is not', async () => {
    const { thumbnail } = await upload();
    const url = `${t.baseUrl}/images/${thumbnail}`;
    const first = await fetch(url);
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    const lastModified = first.headers.get('last-modified') ?? '';

    const current: Record<string, string>[] = [{ 'if-none-match': etag }, { 'if-none-match': `"other", ${etag}` }, { 'if-modified-since': lastModified }];
    for (const headers of current) {
      expect(await revalidate(url, headers), JSON.stringify(headers)).toEqual({ status: 304, etag, cacheControl: CACHE_FOREVER, body: '' });
    }
    const changed = await revalidate(url, { 'if-none-match': '"not-this-one"' });
    expect(changed.status).toBe(200);
    expect(changed.body.length).toBeGreaterThan(0);
    // A reload that asks for the whole answer gets it.
    expect((await revalidate(url, { 'if-none-match': etag, 'cache-control': 'no-cache' })).status).toBe(200);
  });

  it.runIf(runs)('answers HEAD with the headers of GET and no body', async () => {
    const { image } = await upload();
    const get = await fetch(`${t.baseUrl}/images/${image}`);
    const length = (await get.arrayBuffer()).byteLength;
    const head = await fetch(`${t.baseUrl}/images/${image}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(Number(head.headers.get('content-length'))).toBe(length);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(head.headers.get('cache-control')).toBe(CACHE_FOREVER);
    expect(await head.text()).toBe('');
  });

  it.runIf(runs)('serves an avatar, and forgets the one it replaces', async () => {
    const first = new FormData();
    first.set('avatar', new Blob([new Uint8Array(await pngImage(300, 300))]), 'me.png');
    const one = await t.request('POST', '/auth/update', { token: owner.token, form: first });
    expect(one.status).toBe(200);
    const avatar: string = one.body.user.data.avatar;
    const served = await fetch(`${t.baseUrl}/${avatar}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe(CACHE_FOREVER);
    await served.arrayBuffer();

    const second = new FormData();
    second.set('avatar', new Blob([new Uint8Array(await pngImage(200, 200))]), 'me.png');
    expect((await t.request('POST', '/auth/update', { token: owner.token, form: second })).status).toBe(200);
    expect(await t.app.images.head(avatar)).toBeNull();
    expect((await t.request('GET', `/${avatar}`)).status).toBe(404);
  });

  it.runIf(runs)('makes the share card on the first request, keeps it in the store, and answers 304 to a current copy', async () => {
    const { image } = await upload();
    const card = shareImagePath(image) ?? '';
    expect(await t.app.images.head(card)).toBeNull();
    const first = await fetch(`${t.baseUrl}/${card}`);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(first.headers.get('content-length'))).toBe(bytes.length);
    expect((await t.app.images.head(card))?.size).toBe(bytes.length);

    expect((await revalidate(`${t.baseUrl}/${card}`, { 'if-none-match': first.headers.get('etag') ?? '' })).status).toBe(304);
    const head = await fetch(`${t.baseUrl}/${card}`, { method: 'HEAD' });
    expect([head.status, Number(head.headers.get('content-length'))]).toEqual([200, bytes.length]);
  });

  it.runIf(runs)('removes every size of a deleted product\'s picture and its share cards from the store', async () => {
    const product = await upload();
    const cards = [shareImagePath(product.image), shareImagePath(product.thumbnail)].map((card) => card ?? '');
    for (const card of cards) expect((await fetch(`${t.baseUrl}/${card}`).then(async (res) => (await res.arrayBuffer(), res.status)))).toBe(200);
    const keys = [`images/${product.image}`, `images/${product.thumbnail}`, ...cards];
    for (const key of keys) expect(await t.app.images.head(key), key).not.toBeNull();

    expect((await t.request('DELETE', `/products/${product.id}`, { token: owner.token })).status).toBe(200);
    for (const key of keys) expect(await t.app.images.head(key), key).toBeNull();
    for (const key of keys) expect((await t.request('GET', `/${key}`)).status, key).toBe(404);
  });

  it.runIf(runs)('answers a missing image 404 with the API\'s message', async () => {
    for (const path of ['/images/products/0123456789abcdef01234567.webp', '/avatars/nobody.webp', '/images/brands/none.webp']) {
      const res = await t.request('GET', path, { headers: { 'accept-language': 'en' } });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ message: 'There is no image with this name.', code: 'image.missing' });
    }
  });

  it.runIf(runs)('answers traversals and odd names with 4xx and a JSON message, never a 5xx', async () => {
    await t.app.images.put('images/products/real.webp', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).webp().toBuffer(), 'image/webp');
    const paths = [
      '/images/..%2f..%2f..%2fetc%2fpasswd', '/images/products/..%2f..%2fpackage.json', '/images/%2e%2e/%2e%2e/x', '/images/products/%2e%2e',
      '/avatars/..%2fimages%2fproducts%2freal.webp', '/images/products/real.webp%00', '/images/products/a%00b.webp', '/images/.env',
      '/images/products/.real.webp', '/images/products/a%5c..%5cb.webp', '/images/products/', '/images/', '/avatars/', '/images/products//real.webp',
      '/images/products/a%20b.webp', '/images/products/%E2%80%AEgpj.webp', '/images/products/%ZZ.webp', `/images/products/${'a'.repeat(700)}.webp`,
    ];
    for (const path of paths) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${t.baseUrl}${path}`, { method });
        expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        if (method === 'GET') expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
        await res.arrayBuffer();
      }
    }
    // The real file is still served under its own name.
    expect((await t.request('GET', '/images/products/real.webp')).status).toBe(200);
  });
});

describe.runIf(s3Runs)('images while S3 is down', () => {
  let t: TestApp;
  let bucket: TestBucket;
  let proxy: CuttableProxy;
  let owner: RegisteredUser;
  let product: Uploaded;

  beforeAll(async () => {
    bucket = await createTestBucket();
    const target = new URL(testS3.endpoint);
    proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port) });
    t = await createTestApp({ imageStore: bucket.store({ endpoint: proxy.route(testS3.endpoint).replace(/\/$/, '') }) });
    await insertTaxonomy(t);
    owner = await registerUser(t);
    const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ title: 'Stored Before The Outage' }) });
    expect(res.status).toBe(201);
    product = res.body.results.data;
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await bucket?.drop();
  });

  const shareCard = () => `/${shareImagePath(product.image)}`;

  async function expectUnavailable(label: string): Promise<void> {
    for (const path of [`/images/${product.image}`, shareCard()]) {
      const started = performance.now();
      const res = await t.request('GET', path, { headers: { 'accept-language': 'en' } });
      expect({ label, path, status: res.status, body: res.body }).toEqual({ label, path, status: 503, body: UNAVAILABLE });
      expect(res.headers.get('retry-after')).toBe('5');
      // Two attempts of at most two seconds each, then the answer.
      expect(performance.now() - started, `${label} ${path}`).toBeLessThan(6_000);
    }
    const head = await fetch(`${t.baseUrl}/images/${product.image}`, { method: 'HEAD' });
    expect(head.status).toBe(503);
    const ready = await t.request('GET', '/ready', { headers: { 'accept-language': 'en' } });
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'image store unreachable', ...UNAVAILABLE });
  }

  it('answers 503 in the API\'s words while S3 refuses connections, and again once it is back', async () => {
    expect((await t.request('GET', `/images/${product.image}`)).status).toBe(200);
    await proxy.stop();
    try {
      await expectUnavailable('refused');
      // An upload cannot store its picture: 503, and no product row is written.
      const before = await t.app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const upload = await t.request('POST', '/products', { token: owner.token, form: await productForm({ title: 'Made While S3 Is Down' }), headers: { 'accept-language': 'en' } });
      expect({ status: upload.status, body: upload.body }).toEqual({ status: 503, body: UNAVAILABLE });
      const after = await t.app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      // What needs no image still answers.
      expect((await t.request('GET', `/products/slug/${encodeURIComponent((await t.app.db.selectFrom('products').select('slug').where('id', '=', product.id).executeTakeFirstOrThrow()).slug)}`)).status).toBe(200);
    } finally {
      await proxy.restore();
    }
    expect((await t.request('GET', `/images/${product.image}`)).status).toBe(200);
    expect((await t.request('GET', '/ready')).status).toBe(200);
  });

  it('answers 503, not a hang, while S3 takes connections and never answers', async () => {
    await proxy.blackhole();
    try {
      await expectUnavailable('silent');
    } finally {
      await proxy.restore();
    }
    expect((await t.request('GET', `/images/${product.image}`)).status).toBe(200);
  }, 60_000);
});

describe('starting with an image store that cannot be used', () => {
  it.runIf(s3Runs)('refuses to start on a bucket that does not exist, saying so', async () => {
    const bucket = await createTestBucket();
    try {
      const missing: ImageStoreConfig = { ...bucket.store(), bucket: `${bucket.name}-missing` };
      await expect(createTestApp({ imageStore: missing })).rejects.toThrow(/cannot be used: .*does not exist/);
    } finally {
      await bucket.drop();
    }
  });

  it('starts while S3 does not answer yet, and says it is not ready', async () => {
    const unreachable: ImageStoreConfig = {
      driver: 's3', bucket: 'not-reached', region: 'us-east-1', endpoint: `http://127.0.0.1:${await freePort()}`, forcePathStyle: true,
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, keyPrefix: '', acl: null, checksum: 'when_required',
    };
    const t = await createTestApp({ imageStore: unreachable });
    try {
      const ready = await t.request('GET', '/ready');
      expect([ready.status, ready.body.status]).toEqual([503, 'image store unreachable']);
      expect((await t.request('GET', '/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
