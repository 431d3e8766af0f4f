import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { createTestBucket, s3ForTests, type TestBucket, testS3 } from '../../test/test-s3.js';
import { createImageStore } from './create-image-store.js';
import { type ImageStore, ImageStoreUnavailableError, InvalidImageKeyError, type ListedImage, type StoredImage } from './image-store.js';
import { LocalImageStore } from './local-image-store.js';
import { S3ImageStore } from './s3-image-store.js';

const s3Runs = await s3ForTests('the image store tests');

/** A driver under test: a fresh, empty store, and what to do after. */
interface Driver {
  open(): Promise<{ store: ImageStore; close(): Promise<void> }>;
}

const local: Driver = {
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'linkhunt-store-'));
    const store = new LocalImageStore(dir);
    return { store, close: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

const s3: Driver = {
  async open() {
    const bucket = await createTestBucket();
    const store = await createImageStore({ imageStore: bucket.store(), imageDir: '' });
    return {
      store,
      async close() {
        store.close();
        await bucket.drop();
      },
    };
  },
};

const bytes = (size: number, fill = randomBytes(1)[0] ?? 7) => Buffer.alloc(size, fill);

/** The bytes of a file `get` answered; a test expecting one fails when there is none. */
async function contents(image: StoredImage | null): Promise<Buffer> {
  if (!image) throw new Error('the store answered no file');
  return buffer(image.body);
}

async function collect(listing: AsyncIterable<ListedImage>): Promise<ListedImage[]> {
  const files: ListedImage[] = [];
  for await (const file of listing) files.push(file);
  return files.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each([
  { name: 'local', driver: local, runs: true },
  { name: 's3', driver: s3, runs: s3Runs },
])('the $name image store', ({ driver, runs }) => {
  let store: ImageStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    if (!runs) return;
    ({ store, close } = await driver.open());
  });
  afterAll(async () => close?.());

  it.runIf(runs)('answers what it was given: the bytes as a stream, their size, an ETag, the time and the content type', async () => {
    const started = Date.now();
    const data = bytes(1234);
    await store.put('images/products/a.webp', data, 'image/webp');

    const got = await store.get('images/products/a.webp');
    expect((await contents(got)).equals(data)).toBe(true);
    const { body: _body, ...info } = got ?? { body: null, size: 0, etag: '', lastModified: new Date(0), contentType: '' };
    expect(info).toMatchObject({ size: 1234, contentType: 'image/webp' });
    expect(info.etag).toMatch(/^(W\/)?"[^"]+"$/);
    // Stores keep whole seconds (S3) or milliseconds (a folder): within a few seconds of now either way.
    expect(Math.abs(info.lastModified.getTime() - started)).toBeLessThan(5_000);
    expect(await store.head('images/products/a.webp')).toEqual(info);
  });

  it.runIf(runs)('says null for what it does not hold, and removes a missing file without complaint', async () => {
    expect(await store.get('images/products/never.webp')).toBeNull();
    expect(await store.head('images/products/never.webp')).toBeNull();
    await expect(store.remove('images/products/never.webp')).resolves.toBeUndefined();
    // A folder is not a file.
    await store.put('images/brands/x/inner.webp', bytes(3), 'image/webp');
    expect(await store.get('images/brands/x')).toBeNull();
    expect(await store.head('images/brands/x')).toBeNull();
  });

  it.runIf(runs)('replaces a file whole, with a new ETag, and removes it', async () => {
    await store.put('avatars/me.webp', bytes(10, 1), 'image/webp');
    const first = await store.head('avatars/me.webp');
    await store.put('avatars/me.webp', bytes(20, 2), 'image/webp');
    const second = await store.get('avatars/me.webp');
    expect((await contents(second)).equals(bytes(20, 2))).toBe(true);
    expect(second?.etag).not.toBe(first?.etag);

    await store.remove('avatars/me.webp');
    expect(await store.head('avatars/me.webp')).toBeNull();
  });

  it.runIf(runs)('takes the content type it is given for a JPEG card', async () => {
    await store.put('share/products/a.jpg', bytes(50), 'image/jpeg');
    expect((await store.head('share/products/a.jpg'))?.contentType).toBe('image/jpeg');
  });

  it.runIf(runs)('lists the files under a prefix with their sizes and times, and nothing outside it', async () => {
    await store.put('share/brands/one.jpg', bytes(11), 'image/jpeg');
    await store.put('share/brands/two.jpg', bytes(22), 'image/jpeg');
    await store.put('share/brandsx/three.jpg', bytes(33), 'image/jpeg');
    const listed = await collect(store.list('share/brands/'));
    expect(listed.map((f) => [f.key, f.size])).toEqual([['share/brands/one.jpg', 11], ['share/brands/two.jpg', 22]]);
    for (const file of listed) expect(Math.abs(file.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await collect(store.list('nothing-here/'))).toEqual([]);
  });

  it.runIf(runs)('streams a large file in pieces rather than handing it over whole', async () => {
    const large = randomBytes(3 * 1024 * 1024);
    await store.put('images/products/large.webp', large, 'image/webp');
    const got = await store.get('images/products/large.webp');
    if (!got) throw new Error('the store answered no file');
    let chunks = 0;
    const parts: Buffer[] = [];
    for await (const chunk of got.body) {
      chunks++;
      parts.push(chunk as Buffer);
    }
    expect(chunks).toBeGreaterThan(1);
    expect(Buffer.concat(parts).equals(large)).toBe(true);
  });

  it.runIf(runs)('never shows a reader half a file while the same key is written again and again', async () => {
    const versions = [randomBytes(256 * 1024), randomBytes(512 * 1024)];
    await store.put('images/products/busy.webp', versions[0] ?? Buffer.alloc(0), 'image/webp');
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 20; i++) await store.put('images/products/busy.webp', versions[i % 2] ?? Buffer.alloc(0), 'image/webp');
      writing = false;
    })();
    let reads = 0;
    while (writing && reads < 200) {
      const data = await contents(await store.get('images/products/busy.webp'));
      expect(versions.some((version) => version.equals(data)), `read ${reads}: ${data.length} bytes`).toBe(true);
      reads++;
    }
    await writer;
    expect(reads).toBeGreaterThan(0);
  });

  it.runIf(runs)('refuses keys that could leave its folders or are not of its shape, touching nothing', async () => {
    const odd = ['../escape.webp', 'images/../../escape.webp', '/images/abs.webp', 'images//double.webp', 'images/.hidden.webp', 'images/./x.webp',
      'images\\back.webp', 'images/nul\0.webp', 'images/sp ace.webp', '', 'images/', `images/${'a'.repeat(600)}.webp`];
    for (const key of odd) {
      await expect(store.put(key, bytes(1), 'image/webp'), key).rejects.toBeInstanceOf(InvalidImageKeyError);
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidImageKeyError);
      await expect(store.head(key), key).rejects.toBeInstanceOf(InvalidImageKeyError);
      await expect(store.remove(key), key).rejects.toBeInstanceOf(InvalidImageKeyError);
    }
  });

  it.runIf(runs)('answers its check', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('the local image store', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkhunt-store-local-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes through a hidden temporary file it renames, leaving only the file, and lists no temporary file', async () => {
    const store = new LocalImageStore(dir);
    await Promise.all(Array.from({ length: 5 }, (_, i) => store.put('images/products/same.webp', bytes(100 + i), 'image/webp')));
    expect(readdirSync(join(dir, 'images/products'))).toEqual(['same.webp']);
    // A temporary file a crash left behind is not a key.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'images/products/.same.webp.abc123.tmp'), 'half');
    expect((await collect(store.list('images/'))).map((f) => f.key)).toEqual(['images/products/same.webp']);
  });

  it('answers the type of a file by its extension', async () => {
    const store = new LocalImageStore(dir);
    await store.put('share/products/card.jpg', bytes(3), 'image/jpeg');
    await store.put('images/brands/logo.png', bytes(3), 'image/png');
    expect((await store.head('share/products/card.jpg'))?.contentType).toBe('image/jpeg');
    expect((await store.head('images/brands/logo.png'))?.contentType).toBe('image/png');
  });
});

describe.runIf(s3Runs)('the S3 image store', () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await createTestBucket();
  });
  afterAll(async () => bucket?.drop());

  it('keeps two sites apart in one bucket by their key prefixes', async () => {
    const a = new S3ImageStore(bucket.store({ keyPrefix: 'site-a/' }));
    const b = new S3ImageStore(bucket.store({ keyPrefix: 'site-b/' }));
    try {
      await a.put('images/products/p.webp', bytes(5, 1), 'image/webp');
      await b.put('images/products/p.webp', bytes(6, 2), 'image/webp');
      expect((await a.head('images/products/p.webp'))?.size).toBe(5);
      expect((await b.head('images/products/p.webp'))?.size).toBe(6);
      expect((await collect(a.list('images/'))).map((f) => f.key)).toEqual(['images/products/p.webp']);
      await a.remove('images/products/p.webp');
      expect(await a.head('images/products/p.webp')).toBeNull();
      expect(await b.head('images/products/p.webp')).not.toBeNull();
    } finally {
      a.close();
      b.close();
    }
  });

  it('works with the SDK\'s own checksum mode too (when_supported)', async () => {
    const store = new S3ImageStore(bucket.store({ checksum: 'when_supported' }));
    try {
      await store.put('images/products/sum.webp', bytes(64), 'image/webp');
      expect((await contents(await store.get('images/products/sum.webp'))).length).toBe(64);
    } finally {
      store.close();
    }
  });

  it('says a missing bucket is a lasting fault (the server will not start on it)', async () => {
    const store = new S3ImageStore(bucket.store({ bucket: `${bucket.name}-none` }));
    try {
      const error = await store.check().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImageStoreUnavailableError);
      expect(error).toMatchObject({ permanent: true, message: expect.stringContaining('does not exist') });
    } finally {
      store.close();
    }
  });

  it('says refused credentials are a lasting fault', async () => {
    const store = new S3ImageStore(bucket.store({ credentials: { accessKeyId: testS3.accessKeyId, secretAccessKey: 'wrong-secret' } }));
    try {
      const error = await store.check().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImageStoreUnavailableError);
      expect(error).toMatchObject({ permanent: true });
      await expect(store.get('images/products/x.webp')).rejects.toBeInstanceOf(ImageStoreUnavailableError);
    } finally {
      store.close();
    }
  });

  it('says an endpoint nobody answers on is unavailable for now, on every operation, within a few seconds', async () => {
    const store = new S3ImageStore(bucket.store({ endpoint: `http://127.0.0.1:${await freePort()}` }));
    try {
      const started = Date.now();
      const attempts = [() => store.check(), () => store.get('images/a.webp'), () => store.head('images/a.webp'), () => store.put('images/a.webp', bytes(1), 'image/webp'), () => store.remove('images/a.webp')];
      for (const attempt of attempts) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ImageStoreUnavailableError);
        expect((error as ImageStoreUnavailableError).permanent).toBe(false);
      }
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      store.close();
    }
  });
});
