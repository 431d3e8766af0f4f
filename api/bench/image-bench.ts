/**
 * `pnpm bench:images`: how long an image GET through the API takes when the images are in the local folder and
 * when they are in S3 (the single-node Swift of scripts/services/swift.sh, or any S3 named by TEST_S3_ENDPOINT
 * and its keys). Not part of the test suite.
 *
 * The API runs as its own process (src/server.ts), as deployed; this process is the client, over loopback. For
 * each store: one request at a time (the time a request takes) and BENCH_IMAGE_CONCURRENCY at once (the time it
 * takes when requests queue), over product pictures (full size and thumbnail) and their share cards, plus the
 * revalidation a CDN or a browser sends (If-None-Match, answered 304). Every figure is a fixed number of requests
 * (BENCH_IMAGE_REQUESTS per kind), so the run ends by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { request } from 'undici';
import { createImageStore } from '../src/media/image-store/create-image-store.js';
import type { ImageStoreConfig } from '../src/media/image-store/store-config.js';
import { startServerProcess } from '../src/test/server-process.js';
import { createTestBucket, s3Answers, testS3 } from '../src/test/test-s3.js';
import { ms, percentile, table } from './bench-latency.js';

const REQUESTS = Number(process.env.BENCH_IMAGE_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_IMAGE_CONCURRENCY ?? 16);
const PICTURES = 20;
const pictureName = (i: number) => `bench${String(i).padStart(4, '0')}`;

interface Row {
  store: string;
  kind: string;
  bytes: number;
  p50: number;
  p95: number;
  rps: number;
}

/** A photo-like picture: noise softened, so that WebP compresses it about as much as a real product photo. */
async function photo(seed: number, width: number, height: number): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + seed, sigma: 60 } } }).png().toBuffer();
  return sharp(noise).blur(1.2).webp({ quality: 80 }).toBuffer();
}

/** `count` GETs of `paths` in turn, `parallel` at a time; each one's time, sorted, and the requests per second. */
async function measure(baseUrl: string, paths: string[], headersOf: (path: string) => Record<string, string>, parallel: number): Promise<{ times: number[]; rps: number; bytes: number }> {
  const times: number[] = [];
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const path = paths[next++ % paths.length] ?? '';
      const started = performance.now();
      const res = await request(baseUrl + path, { headers: headersOf(path) });
      const body = Buffer.from(await res.body.arrayBuffer());
      times.push(performance.now() - started);
      if (res.statusCode !== 200 && res.statusCode !== 304) throw new Error(`${path}: ${res.statusCode} ${body.toString().slice(0, 200)}`);
      bytes = Math.max(bytes, body.length);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { times: times.sort((a, b) => a - b), rps: REQUESTS / seconds, bytes };
}

/** The store's own read, without the API: what the S3 server itself costs, one request at a time. */
async function benchDriver(label: string, imageStore: ImageStoreConfig, keys: string[]): Promise<Row> {
  const store = await createImageStore({ imageStore, imageDir: '' });
  try {
    const times: number[] = [];
    let bytes = 0;
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const begun = performance.now();
      const key = keys[i % keys.length] ?? '';
      const image = await store.get(key);
      if (!image) throw new Error(`${key} is not in the store`);
      bytes = (await buffer(image.body)).length;
      times.push(performance.now() - begun);
    }
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    return { store: `${label}, the driver alone`, kind: 'picture 1200 px', bytes, p50: percentile(times, 50), p95: percentile(times, 95), rps: REQUESTS / seconds };
  } finally {
    store.close();
  }
}

async function benchStore(label: string, imageStore: ImageStoreConfig, env: Record<string, string>, dir: string): Promise<Row[]> {
  const imageDir = join(dir, `images-${label}`);
  const store = await createImageStore({ imageStore, imageDir });
  const full: string[] = [];
  const thumbs: string[] = [];
  for (let i = 0; i < PICTURES; i++) {
    const name = pictureName(i);
    await store.put(`images/products/${name}.webp`, await photo(i, 1200, 900), 'image/webp');
    await store.put(`images/products/${name}-thumb.webp`, await photo(i, 400, 400), 'image/webp');
    full.push(`/images/products/${name}.webp`);
    thumbs.push(`/images/products/${name}-thumb.webp`);
  }
  store.close();
  const server = await startServerProcess({
    ...env, IMAGE_DIR: imageDir, DATABASE_URL: `sqlite:${join(dir, `db-${label}.sqlite`)}`, SEED_DEMO: 'false', LINK_CHECK: 'off',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  }, 60_000);
  try {
    const cards = full.map((path) => path.replace('/images/products/', '/share/products/').replace('.webp', '.jpg'));
    // Every card made once, and every file read once, before anything is timed.
    for (const path of [...full, ...thumbs, ...cards]) await (await request(server.baseUrl + path)).body.arrayBuffer();
    const etags = new Map<string, string>();
    for (const path of full) {
      const res = await request(server.baseUrl + path, { method: 'HEAD' });
      await res.body.arrayBuffer();
      etags.set(path, String(res.headers.etag));
    }
    const plain = () => ({});
    const kinds: [string, string[], (path: string) => Record<string, string>][] = [
      ['picture 1200 px', full, plain],
      ['thumbnail 400 px', thumbs, plain],
      ['share card', cards, plain],
      ['revalidation (304)', full, (path) => ({ 'if-none-match': etags.get(path) ?? '' })],
    ];
    const rows: Row[] = [];
    for (const parallel of [1, CONCURRENCY]) {
      for (const [kind, paths, headers] of kinds) {
        const { times, rps, bytes } = await measure(server.baseUrl, paths, headers, parallel);
        rows.push({ store: `${label}, ${parallel} at a time`, kind, bytes, p50: percentile(times, 50), p95: percentile(times, 95), rps });
      }
    }
    return rows;
  } finally {
    server.kill();
    await server.exited;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'linkhunt-image-bench-'));
const rows: Row[] = [];
try {
  rows.push(...await benchStore('local folder', { driver: 'local' }, { IMAGE_STORE: 'local' }, dir));
  if (await s3Answers()) {
    const bucket = await createTestBucket();
    try {
      rows.push(...await benchStore('S3 (Swift s3api)', bucket.store(), {
        IMAGE_STORE: 's3', S3_BUCKET: bucket.name, S3_ENDPOINT: testS3.endpoint, S3_REGION: testS3.region,
        S3_ACCESS_KEY_ID: testS3.accessKeyId, S3_SECRET_ACCESS_KEY: testS3.secretAccessKey,
      }, dir));
      rows.push(await benchDriver('S3 (Swift s3api)', bucket.store(), Array.from({ length: PICTURES }, (_, i) => `images/products/${pictureName(i)}.webp`)));
    } finally {
      await bucket.drop();
    }
  } else {
    console.warn(`S3 at ${testS3.endpoint} does not answer: only the local folder is measured.`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\nImage GETs through the API over loopback: ${REQUESTS} requests per row, ${PICTURES} pictures.\n`);
console.log(table(['store', 'what', 'bytes', 'p50 ms', 'p95 ms', 'req/s'],
  rows.map((r) => [r.store, r.kind, r.bytes, ms(r.p50), ms(r.p95), Math.round(r.rps)])));
