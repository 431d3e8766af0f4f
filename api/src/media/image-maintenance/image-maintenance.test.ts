import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { shareImagePath } from '@linkhunt/contracts/share-image';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { insertTaxonomy, pngImage, productForm, registerUser, type RegisteredUser } from '../../test/fixtures.js';
import { createPostgresTestDatabase, type TestApp, testDialect } from '../../test/test-app.js';
import { createTestAppWithStore, createTestBucket, s3ForTests, type TestBucket, testS3 } from '../../test/test-s3.js';
import { createImageStore } from '../image-store/create-image-store.js';
import type { ImageStore, ListedImage, StoredImage } from '../image-store/image-store.js';
import { LocalImageStore } from '../image-store/local-image-store.js';
import { migrateImages } from './migrate-images.js';
import { sweepImages } from './sweep-images.js';

const s3Runs = await s3ForTests('the images:migrate and images:sweep tests');

const HOUR = 3_600_000;
const webp = (fill: number, size = 300) => Buffer.alloc(size, fill);

async function contents(image: StoredImage | null): Promise<Buffer> {
  if (!image) throw new Error('the store answered no file');
  return buffer(image.body);
}

async function keysOf(store: ImageStore, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  const prefixes = prefix ? [prefix] : ['images/', 'avatars/', 'share/', 'other/'];
  for (const p of prefixes) for await (const file of store.list(p)) keys.push(file.key);
  return keys.sort();
}

describe.each([
  { driver: 'local' as const, runs: true },
  { driver: 's3' as const, runs: s3Runs },
])('images:sweep on the $driver store', ({ driver, runs }) => {
  let t: TestApp;
  let owner: RegisteredUser;
  /** What rows refer to (and the card of a referenced picture): never swept. */
  let kept: string[];
  /** What no row refers to. */
  const orphans = ['images/products/orphan.webp', 'images/products/orphan-thumb.webp', 'avatars/orphan.webp', 'images/brands/gone.webp', 'share/products/orphan.jpg', 'share/brands/gone.jpg'];
  /** Not under the store's folders: not its own, never touched. */
  const foreign = 'other/keep.webp';

  beforeAll(async () => {
    if (!runs) return;
    t = await createTestAppWithStore(driver);
    await insertTaxonomy(t);
    owner = await registerUser(t);
    const products = [];
    for (const title of ['Swept Around One', 'Swept Around Two']) {
      const res = await t.request('POST', '/products', { token: owner.token, form: await productForm({ title, image: await pngImage(300, 200) }) });
      expect(res.status).toBe(201);
      products.push(res.body.results.data as { image: string; thumbnail: string });
    }
    const avatar = new FormData();
    avatar.set('avatar', new Blob([new Uint8Array(await pngImage(100, 100))]), 'me.png');
    const profile = await t.request('POST', '/auth/update', { token: owner.token, form: avatar });
    await t.app.images.put('images/brands/nike.webp', webp(1), 'image/webp');
    const card = shareImagePath(products[0]?.image ?? '') ?? '';
    expect((await fetch(`${t.baseUrl}/${card}`).then(async (res) => (await res.arrayBuffer(), res.status)))).toBe(200);
    kept = [...products.flatMap((p) => [`images/${p.image}`, `images/${p.thumbnail}`]), profile.body.user.data.avatar, 'images/brands/nike.webp', card].sort();
    for (const key of [...orphans, foreign]) await t.app.images.put(key, webp(9), key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
  });
  afterAll(async () => t?.close());

  it.runIf(runs)('leaves everything younger than the grace period alone', async () => {
    const report = await sweepImages(t.app.images, t.app.db, { graceMs: HOUR, dryRun: false });
    expect(report).toEqual({ orphans: [], inUse: 0, young: kept.length + orphans.length, failed: [] });
    expect(await keysOf(t.app.images)).toEqual([...kept, ...orphans, foreign].sort());
  });

  it.runIf(runs)('says in a dry run what it would remove, and removes nothing', async () => {
    const report = await sweepImages(t.app.images, t.app.db, { graceMs: HOUR, dryRun: true, now: Date.now() + 2 * HOUR });
    expect(report).toEqual({ orphans: [...orphans].sort(), inUse: kept.length, young: 0, failed: [] });
    expect(await keysOf(t.app.images)).toEqual([...kept, ...orphans, foreign].sort());
  });

  it.runIf(runs)('removes the old files no row refers to, and nothing else; a second run finds nothing', async () => {
    const later = { graceMs: HOUR, dryRun: false, now: Date.now() + 2 * HOUR };
    const first = await sweepImages(t.app.images, t.app.db, later);
    expect(first).toEqual({ orphans: [...orphans].sort(), inUse: kept.length, young: 0, failed: [] });
    expect(await keysOf(t.app.images)).toEqual([...kept, foreign].sort());
    for (const key of kept) expect((await t.request('GET', `/${key}`)).status, key).toBe(200);

    const second = await sweepImages(t.app.images, t.app.db, later);
    expect(second).toEqual({ orphans: [], inUse: kept.length, young: 0, failed: [] });
    expect(await keysOf(t.app.images)).toEqual([...kept, foreign].sort());
  });

  it.runIf(runs)('refuses to sweep against a database whose rows refer to no image at all', async () => {
    const empty = connectDatabase('sqlite::memory:', { poolSize: 1 });
    try {
      await migrateToLatest(empty.db);
      await expect(sweepImages(t.app.images, empty.db, { graceMs: 0, dryRun: false, now: Date.now() + 2 * HOUR })).rejects.toThrow(/No row of this database refers to any image/);
      expect(await keysOf(t.app.images)).toEqual([...kept, foreign].sort());
    } finally {
      await empty.db.destroy();
    }
  });
});

describe.runIf(s3Runs)('images:migrate from the image folder to S3', () => {
  let dir: string;
  let bucket: TestBucket;
  let source: LocalImageStore;
  let target: ImageStore;
  const files: Record<string, Buffer> = {
    'images/products/a.webp': webp(1, 1000),
    'images/products/a-thumb.webp': webp(2, 400),
    'images/brands/nike.webp': webp(3, 500),
    'avatars/someone.webp': webp(4, 200),
    'share/products/a.jpg': webp(5, 800),
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkhunt-migrate-'));
    source = new LocalImageStore(dir);
    for (const [key, data] of Object.entries(files)) await source.put(key, data);
    // Neither a crashed write's temporary file nor a file outside the store's folders is copied.
    writeFileSync(join(dir, 'images/products/.a.webp.0123.tmp'), 'half');
    await source.put('elsewhere/notes.webp', webp(6));
    bucket = await createTestBucket();
    target = await createImageStore({ imageStore: bucket.store(), imageDir: '' });
  });
  afterAll(async () => {
    target?.close();
    await bucket?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every file with its content type, and a second run copies nothing', async () => {
    const first = await migrateImages(source, target, { dryRun: false });
    expect(first).toEqual({ copied: Object.keys(files).sort(), unchanged: 0, failed: [] });
    for (const [key, data] of Object.entries(files)) {
      const stored = await target.get(key);
      expect((await contents(stored)).equals(data), key).toBe(true);
      expect(stored?.contentType, key).toBe(key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
    }
    expect(await keysOf(target, 'elsewhere/')).toEqual([]);

    const second = await migrateImages(source, target, { dryRun: false });
    expect(second).toEqual({ copied: [], unchanged: Object.keys(files).length, failed: [] });
  });

  it('copies again a file whose content differs at the same size, and in a dry run only says what it would copy', async () => {
    await source.put('images/products/a.webp', webp(7, 1000));
    await source.put('avatars/new.webp', webp(8, 100));
    const dry = await migrateImages(source, target, { dryRun: true });
    expect(dry.copied).toEqual(['avatars/new.webp', 'images/products/a.webp']);
    expect(await target.head('avatars/new.webp')).toBeNull();

    const real = await migrateImages(source, target, { dryRun: false });
    expect(real).toEqual({ copied: ['avatars/new.webp', 'images/products/a.webp'], unchanged: Object.keys(files).length - 1, failed: [] });
    expect((await contents(await target.get('images/products/a.webp'))).equals(webp(7, 1000))).toBe(true);
    expect((await migrateImages(source, target, { dryRun: false })).copied).toEqual([]);
  });
});

/** The commands as an operator runs them: the source under tsx, the settings in the environment. */
describe.runIf(s3Runs)('the images:migrate and images:sweep commands', () => {
  const run = promisify(execFile);
  const apiRoot = fileURLToPath(new URL('../../..', import.meta.url));
  let dir: string;
  let bucket: TestBucket;
  let databaseUrl: string;
  let env: Record<string, string>;

  const command = async (name: string, ...args: string[]): Promise<{ code: number; out: string }> => {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', `src/cli/${name}.ts`, ...args], { cwd: apiRoot, env });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'linkhunt-image-commands-'));
    bucket = await createTestBucket();
    databaseUrl = testDialect === 'postgres' ? await createPostgresTestDatabase() : `sqlite:${join(dir, 'db.sqlite')}`;
    env = {
      ...process.env as Record<string, string>,
      DATABASE_URL: databaseUrl, IMAGE_DIR: join(dir, 'images'), IMAGE_STORE: 's3', S3_BUCKET: bucket.name, S3_ENDPOINT: testS3.endpoint,
      S3_REGION: testS3.region, S3_ACCESS_KEY_ID: testS3.accessKeyId, S3_SECRET_ACCESS_KEY: testS3.secretAccessKey,
    };
    const folder = new LocalImageStore(join(dir, 'images'));
    await folder.put('avatars/kept.webp', webp(1));
    await folder.put('avatars/orphan.webp', webp(2));
    const { db } = connectDatabase(databaseUrl, { poolSize: 1 });
    try {
      await migrateToLatest(db);
      await db.insertInto('users').values({ username: 'kept', email: 'kept@example.com', password_hash: 'x', name: 'Kept', avatar: 'avatars/kept.webp' }).execute();
    } finally {
      await db.destroy();
    }
  });
  afterAll(async () => {
    await bucket?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('images:migrate copies the folder and says so; run again it copies nothing', async () => {
    const first = await command('images-migrate');
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('copied avatars/kept.webp');
    expect(first.out).toMatch(/Copied 2, 0 already there, 0 failed/);
    const second = await command('images-migrate');
    expect(second.out).toMatch(/Copied 0, 2 already there, 0 failed/);
  }, 60_000);

  it('images:sweep says what it would remove, removes it, and run again removes nothing', async () => {
    const store = await createImageStore({ imageStore: bucket.store(), imageDir: '' });
    // What images:migrate put there, whether or not it ran first.
    await store.put('avatars/kept.webp', webp(1), 'image/webp');
    await store.put('avatars/orphan.webp', webp(2), 'image/webp');
    const dry = await command('images-sweep', '--dry-run', '--grace-minutes', '0');
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain('would remove avatars/orphan.webp');
    expect(dry.out).toMatch(/Dry run: would remove 1 .*; 1 in use/);

    const first = await command('images-sweep', '--grace-minutes', '0');
    expect(first.out).toContain('removed avatars/orphan.webp');
    expect(first.out).toMatch(/Removed 1 .*; 1 in use, 0 younger than 0 min left alone, 0 failed/);
    const second = await command('images-sweep', '--grace-minutes', '0');
    expect(second.out).toMatch(/Removed 0 .*; 1 in use/);

    // The default grace period (60 minutes) leaves files just written alone, whatever they are.
    try {
      await store.put('avatars/fresh-orphan.webp', webp(3), 'image/webp');
      const graced = await command('images-sweep');
      expect(graced.out).toMatch(/Removed 0 .*; 0 in use, 2 younger than 60 min left alone/);
      const listed: ListedImage[] = [];
      for await (const file of store.list('avatars/')) listed.push(file);
      expect(listed.map((f) => f.key).sort()).toEqual(['avatars/fresh-orphan.webp', 'avatars/kept.webp']);
    } finally {
      store.close();
    }
  }, 60_000);

  it('refuses a bad flag and a store that is not S3 for images:migrate, with the usage', async () => {
    const bad = await command('images-sweep', '--grace-minutes', 'soon');
    expect([bad.code, bad.out.includes('whole number of minutes')]).toEqual([2, true]);
    const saved = env;
    env = { ...env, IMAGE_STORE: 'local' };
    try {
      const local = await command('images-migrate');
      expect(local.code).toBe(2);
      expect(local.out).toContain('set IMAGE_STORE=s3');
    } finally {
      env = saved;
    }
  }, 60_000);
});
