import { randomBytes } from 'node:crypto';
import type { OwnProduct, Product, ProductSummary } from '@linkhunt/contracts/product';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLoad, type Catalogue, pageLoad, until } from './load/cluster-load.ts';
import { Ledger } from './load/ledger.ts';
import { clientAddress, closeClients, LoopbackClient } from './support/http.ts';
import { DEMO_USERNAMES, imagePaths, productBySlug, signIn, upload } from './support/site.ts';
import { clusterStore, referencedKeys, storedKeys, sweep } from './support/store.ts';
import { missingRequirement, startTestCluster, STORE_KIND, type TestCluster } from './support/test-cluster.ts';

/**
 * The cluster (scripts/cluster/cluster.mjs) against its real servers: HAProxy in front of two API instances and two
 * shell servers, PostgreSQL, Redis, and with IMAGE_STORE=s3 Swift. Loopback only; every load is bounded in time.
 * Each part takes a block of client addresses of its own (support/http.ts), so no rate limit is shared by accident.
 */
const missing = await missingRequirement();
/** The failover loads: bounded, and paced so that the machine keeps room to restart a server (cluster-load.ts Pace). */
const FAILOVER_PACE = { maxSeconds: 45, pauseMs: 100 };
if (missing && process.env.CI) throw new Error(`the cluster suite cannot run: ${missing}`);
if (missing) console.warn(`The cluster suite is SKIPPED: ${missing}`);

describe.skipIf(Boolean(missing))(`the cluster (images in ${STORE_KIND === 's3' ? 'Swift, through S3' : 'a shared folder'})`, () => {
  let cluster: TestCluster;
  let catalogue: Catalogue;

  beforeAll(async () => {
    cluster = await startTestCluster();
    const reader = new LoopbackClient(clientAddress(1, 0));
    const recents = await reader.data<ProductSummary[]>(`${cluster.urls.api}/products/recents?per_page=50`);
    const categories = await reader.data<{ slug: string }[]>(`${cluster.urls.api}/categories`);
    catalogue = { slugs: recents.map((p) => p.slug), images: recents.flatMap(imagePaths), categories: categories.map((c) => c.slug) };
  });

  afterAll(async () => {
    closeClients();
    await cluster?.close();
  });

  /** The picture at `path` from `apiUrl`: its status and bytes. */
  const picture = async (client: LoopbackClient, apiUrl: string, path: string) => {
    const answer = await client.send({ method: 'GET', url: `${apiUrl}/images/${path}`, headers: { accept: 'image/*' } });
    return { status: answer.status, type: String(answer.headers['content-type']), bytes: answer.body };
  };

  it('serves an image uploaded through one API instance from the other, and through the balancer', async () => {
    const client = new LoopbackClient(clientAddress(2, 0));
    const user = await signIn(client, cluster.urls.api, DEMO_USERNAMES[0] ?? '');
    const { api1, api2 } = cluster.urls.apis;
    for (const [through, other] of [[api1, api2], [api2, api1]] as const) {
      const { answer, product } = await upload(user, through, `Cluster upload through ${through}`);
      expect(answer.status, answer.text).toBe(201);
      if (!product) throw new Error('no product');
      // The row, from the other instance and through the balancer.
      for (const apiUrl of [other, cluster.urls.api]) expect((await productBySlug(client, apiUrl, product.slug)).image).toBe(product.image);
      for (const path of imagePaths(product)) {
        const original = await picture(client, through, path);
        expect(original.status).toBe(200);
        expect(original.type).toBe('image/webp');
        for (const apiUrl of [other, cluster.urls.api]) {
          const served = await picture(client, apiUrl, path);
          expect(served.status, `${apiUrl}/images/${path}`).toBe(200);
          expect(served.bytes.equals(original.bytes)).toBe(true);
        }
      }
    }
  });

  it('counts a rate limit once across both API instances (Redis): the sign-in limit of 10 a minute per address', async () => {
    const client = new LoopbackClient(clientAddress(3, 0));
    const { api1, api2 } = cluster.urls.apis;
    const attempt = (apiUrl: string, n: number) =>
      client.send({ method: 'POST', url: `${apiUrl}/auth/login`, json: { email: `nobody-${n}@example.com`, password: 'not a password' } });
    // Ten wrong sign-ins, half through each instance: each is answered as wrong, none is limited yet.
    for (let n = 0; n < 10; n += 1) expect((await attempt(n % 2 === 0 ? api1 : api2, n)).status).toBe(422);
    // Counted separately, each instance would allow five more; counted together, both refuse the eleventh.
    for (const apiUrl of [api1, api2, cluster.urls.api]) {
      const refused = await attempt(apiUrl, 10);
      expect(refused.status, apiUrl).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not affected.
    expect((await new LoopbackClient(clientAddress(3, 1)).send({ method: 'POST', url: `${api2}/auth/login`, json: { email: 'nobody@example.com', password: 'x' } })).status).toBe(422);
  });

  it('shows a write through one instance through the other within the read cache\'s 5 s', async () => {
    const client = new LoopbackClient(clientAddress(4, 0));
    const { api1, api2 } = cluster.urls.apis;
    const reviewer = await signIn(client, cluster.urls.api, DEMO_USERNAMES[1] ?? '');
    // A product someone else uploaded, read through api2 so that api2 caches its answer.
    let slug = '';
    for (const candidate of catalogue.slugs) {
      const product = await client.data<Product>(`${cluster.urls.api}/products/slug/${encodeURIComponent(candidate)}?include=user`);
      if (product.user?.username !== reviewer.username) {
        slug = candidate;
        break;
      }
    }
    const before = await productBySlug(client, api2, slug);
    const text = `Reseña del clúster ${Date.now()}`;
    const written = await client.send({ method: 'POST', url: `${api1}/products/${before.id}/valorations`, token: reviewer.token, json: { stars: 4, review: text } });
    expect([200, 201]).toContain(written.status);
    // api1 dropped its own cached answer at once; api2's expires within its 5 s.
    expect((await productBySlug(client, api1, slug)).valorations.data.some((v) => v.review === text)).toBe(true);
    // Polled until api2 shows it: no read sent 5 s or more after the write may still miss it, whatever the reads
    // themselves take on a busy machine (api2's copy was cached before the write, so it is gone by then).
    const writtenAt = performance.now();
    const staleAfterTtl: number[] = [];
    let seenAfterMs: number | undefined;
    while (seenAfterMs === undefined && performance.now() - writtenAt < 10_000) {
      const sentAfterMs = performance.now() - writtenAt;
      const shown = (await productBySlug(client, api2, slug)).valorations.data.some((v) => v.review === text);
      if (shown) seenAfterMs = sentAfterMs;
      else if (sentAfterMs >= 5_000) staleAfterTtl.push(Math.round(sentAfterMs));
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seenAfterMs).toBeDefined();
    expect(staleAfterTtl, 'reads sent this many ms after the write still missed it').toEqual([]);
  });

  it('loses no request but those in flight when an API instance is killed under load, keeps every accepted upload, and takes the instance back', async () => {
    const ledger = new Ledger();
    const readers = Array.from({ length: 4 }, (_, n) => new LoopbackClient(clientAddress(5, n)));
    const uploaders = await Promise.all(DEMO_USERNAMES.slice(0, 4).map((username, n) => signIn(new LoopbackClient(clientAddress(6, n)), cluster.urls.api, username)));
    const before = await cluster.servers();
    const load = apiLoad(ledger, cluster.urls.api, catalogue, readers, uploaders, FAILOVER_PACE);
    try {
      // Well into the run (some uploads answered), api1 crashes.
      await until(() => ledger.settledCount('upload') >= 6 && ledger.settledCount() >= 40, 20_000, 'the load getting under way');
      await ledger.incident('SIGKILL api1', () => cluster.kill('api1'));
      const killedAt = ledger.settledCount();
      await cluster.waitForStates({ api1: 'DOWN' }, 10_000);
      // The load goes on through api2 alone for a while, then api1 comes back.
      await until(() => ledger.settledCount() >= killedAt + 40, 20_000, 'the load going on through api2');
      await cluster.restart('api1');
      const back = (await cluster.servers()).api1?.sessions ?? 0;
      const backAt = ledger.settledCount();
      await until(() => ledger.settledCount() >= backAt + 40, 20_000, 'the load going on with api1 back');
      const after = await cluster.servers();
      // Back in rotation: HAProxy sent it requests again.
      expect(after.api1?.state).toBe('UP');
      expect(after.api1?.sessions ?? 0).toBeGreaterThan(back);
      expect(back).toBeGreaterThanOrEqual(before.api1?.sessions ?? 0);
    } finally {
      load.stop();
      await load.done;
    }

    const reconciled = ledger.reconcile();
    const report = [
      `${reconciled.sent} sent: ${reconciled.answered} answered as expected, ${reconciled.failed.length} failed, ${reconciled.inFlight.length} in flight at the kill`,
      ...reconciled.failed.map((entry) => `  failed: ${ledger.describe(entry)}`),
    ].join('\n');
    console.info(report);
    expect(reconciled.unsettled).toEqual([]);
    // Every failure was in flight at the kill: sent before api1 was gone, unanswered before it was killed.
    expect(reconciled.unexplained.map((entry) => ledger.describe(entry)), report).toEqual([]);
    expect(reconciled.failed.length).toBeLessThanOrEqual(reconciled.inFlight.length);
    expect(reconciled.answered + reconciled.failed.length).toBe(reconciled.sent);

    // Every upload answered 201 is whole afterwards, wherever it is read: its row, and both sizes of its picture.
    const accepted = ledger.entries.filter((entry) => entry.product);
    expect(accepted.length).toBeGreaterThan(5);
    const checker = new LoopbackClient(clientAddress(5, 9));
    for (const { product } of accepted) {
      if (!product) continue;
      for (const apiUrl of [cluster.urls.apis.api1, cluster.urls.apis.api2]) {
        expect((await productBySlug(checker, apiUrl, product.slug)).id).toBe(product.id);
        for (const path of imagePaths(product)) expect((await picture(checker, apiUrl, path)).status, `${apiUrl}/images/${path}`).toBe(200);
      }
    }
    // An upload whose answer was lost at the kill either never happened or happened whole: its uploader's list says which.
    for (const entry of reconciled.failed.filter((e) => e.kind === 'upload')) {
      const uploader = uploaders.find((u) => entry.title?.includes(u.username));
      if (!uploader) continue;
      const own = await checker.data<OwnProduct[]>(`${cluster.urls.api}/auth/products?per_page=50`, uploader.token);
      const made = own.find((p) => p.title === entry.title);
      if (made) for (const path of imagePaths(made)) expect((await picture(checker, cluster.urls.api, path)).status).toBe(200);
    }
  });

  it('sweeps the files no row refers to once they are older than the grace, and a second sweep removes nothing', async () => {
    const store = await clusterStore(cluster.apiEnv);
    try {
      // As an upload killed between storing its picture and writing its row leaves them (the kill above may have too).
      const name = randomBytes(12).toString('hex');
      const orphans = [`images/products/${name}.webp`, `images/products/${name}-thumb.webp`];
      for (const key of orphans) await store.put(key, Buffer.from('the files of an upload that never got its row'), 'image/webp');
      // Younger than the grace, they may be an upload about to write its row: left alone.
      const early = await sweep(cluster.apiEnv, 1);
      for (const key of orphans) {
        expect(early.removed).not.toContain(key);
        expect(await store.head(key), key).not.toBeNull();
      }
      // Past it (a grace of 0 minutes): removed.
      const swept = await sweep(cluster.apiEnv, 0);
      expect(swept.removed, swept.summary).toEqual(expect.arrayContaining(orphans));
      for (const key of orphans) expect(await store.head(key), key).toBeNull();
      // Nothing a row refers to went: every file a row names is still stored, none of them was in the sweep.
      const referenced = await referencedKeys(cluster.apiEnv);
      const stored = await storedKeys(store);
      expect([...referenced].filter((key) => !stored.has(key))).toEqual([]);
      expect(swept.removed.filter((key) => referenced.has(key))).toEqual([]);
      // The second sweep finds nothing left to remove.
      const again = await sweep(cluster.apiEnv, 0);
      expect(again.removed, again.summary).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('keeps the pages answering through the balancer when a shell server is killed, and takes it back', async () => {
    const ledger = new Ledger();
    const visitors = Array.from({ length: 4 }, (_, n) => new LoopbackClient(clientAddress(7, n)));
    // Each shell's render worker renders its first pages slowly (its code is not yet compiled): not what is measured.
    for (const shellUrl of Object.values(cluster.urls.shells)) {
      for (const path of ['index', `product/${catalogue.slugs[0] ?? ''}`, `cat/${catalogue.categories[0] ?? ''}`]) {
        await visitors[0]?.send({ method: 'GET', url: `${shellUrl}/es/${path}`, headers: { accept: 'text/html' } });
      }
    }
    const load = pageLoad(ledger, cluster.urls.site, catalogue, DEMO_USERNAMES, visitors, FAILOVER_PACE);
    try {
      await until(() => ledger.settledCount() >= 30, 20_000, 'the page load getting under way');
      await ledger.incident('SIGKILL shell1', () => cluster.kill('shell1'));
      const killedAt = ledger.settledCount();
      await cluster.waitForStates({ shell1: 'DOWN' }, 10_000);
      await until(() => ledger.settledCount() >= killedAt + 30, 20_000, 'the pages going on through shell2');
      await cluster.restart('shell1');
      const backAt = ledger.settledCount();
      await until(() => ledger.settledCount() >= backAt + 30, 20_000, 'the pages going on with shell1 back');
    } finally {
      load.stop();
      await load.done;
    }
    const reconciled = ledger.reconcile();
    const report = `${reconciled.sent} pages: ${reconciled.answered} answered 200, ${reconciled.failed.length} failed, ${reconciled.inFlight.length} in flight at the kill\n${reconciled.failed.map((e) => `  ${ledger.describe(e)}`).join('\n')}`;
    console.info(report);
    expect(reconciled.unexplained.map((entry) => ledger.describe(entry)), report).toEqual([]);
    expect(reconciled.unsettled).toEqual([]);
    expect((await cluster.servers()).shell1?.state).toBe('UP');
  });
});
