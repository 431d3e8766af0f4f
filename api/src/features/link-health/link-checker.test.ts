import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product, ProductLinks } from '@linkhunt/contracts/product';
import type { QueueItem } from '@linkhunt/contracts/moderation';
import { type LinkCheckConfig, loadConfig } from '../../config.js';
import { type FakePlatforms, startFakePlatforms } from '../../test/fake-platforms.js';
import { insertTaxonomy, registerUser, type RegisteredUser, uploadProduct } from '../../test/fixtures.js';
import { TRUSTED_LOOPBACK } from '../../test/site-origin.js';
import { createTestApp, openSharedTestDatabase, type SharedTestDatabase, testDialect, type TestApp } from '../../test/test-app.js';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox.js';
import { auditEntries, hide, productHidden, reportAsVisitor, setRole } from '../admin/moderation-test-kit.js';
import { LINK_GONE_STATEMENT } from './check-repository.js';
import { publicOnlyDispatcher } from './public-address.js';
import { buildConnector } from 'undici';

/** Fast enough for a test: a confirmation gap of 300 ms instead of 6 h, an hour's round (so no second round). */
const FAST: LinkCheckConfig = {
  ...loadConfig({}).linkCheck,
  enabled: true,
  intervalMs: 60 * 60_000,
  timeoutMs: 2_000,
  hostConcurrency: 2,
  hostDelayMs: 0,
  confirmMs: 300,
  retryMs: 60 * 60_000,
};

let fake: FakePlatforms;
let mailbox: TestMailbox;
const apps: TestApp[] = [];

beforeAll(async () => {
  fake = await startFakePlatforms({ retryAfterSeconds: 2 });
  mailbox = await startTestMailbox();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await fake?.close();
  await mailbox?.close();
});

async function checkerApp(config: Partial<LinkCheckConfig> = {}, shared?: SharedTestDatabase): Promise<TestApp> {
  const t = await createTestApp({ linkCheck: { ...FAST, ...config }, mailUrl: mailbox.url, trustProxy: TRUSTED_LOOPBACK }, shared, { linkCheckDispatcher: fake.dispatcher });
  apps.push(t);
  return t;
}

let key = 0;
/** A unique key per link, so that requests counted at the fake belong to one test. */
const unique = () => `${testDialect}-${process.pid}-${++key}`;

/** When each request for `link` reached the store. */
const startsOf = (link: string) => fake.requests.filter((r) => link.endsWith(r.path)).map((r) => r.startedAt);

let poll = 0;
/** The product as the API shows it now: a query of its own skips the 5-second read cache, which the checker's verdicts do not empty. */
async function productBySlug(t: TestApp, slug: string): Promise<Product> {
  const res = await t.request('GET', `/products/slug/${slug}?poll=${++poll}`);
  expect(res.status).toBe(200);
  return res.body.results.data as Product;
}

async function linksOf(t: TestApp, id: number): Promise<ProductLinks> {
  const res = await t.request('GET', `/products/${id}`);
  expect(res.status).toBe(200);
  return res.body.results.data as ProductLinks;
}

async function setUp(config: Partial<LinkCheckConfig> = {}): Promise<{ t: TestApp; owner: RegisteredUser }> {
  const t = await checkerApp(config);
  await insertTaxonomy(t);
  return { t, owner: await registerUser(t) };
}

const WAIT = { timeout: 10_000, interval: 50 };

describe('the link checker', () => {
  it('verifies a working product page: the product says ok, with the time, and each link its own state', async () => {
    const { t, owner } = await setUp();
    const hacoo = fake.url('hacoo', 'product', unique());
    const cnfans = fake.url('cnfans', 'product', unique());
    const product = await uploadProduct(t, owner.token, { link_hacoo: hacoo, link_cnfans: cnfans });
    await vi.waitFor(async () => expect((await productBySlug(t, product.slug)).link_state).toBe('ok'), WAIT);
    const shown = await productBySlug(t, product.slug);
    expect(Date.now() - Date.parse(shown.links_checked_at ?? '')).toBeLessThan(10_000);
    const links = await linksOf(t, product.id);
    expect(links.link_health.hacoo.state).toBe('ok');
    expect(links.link_health.cnfans?.state).toBe('ok');
    expect(links.link_health.dhgate).toBeNull();
    expect(fake.requestsTo(hacoo)).toBe(1);
    // Lists carry the same fields.
    const list = await t.request('GET', '/products/recents');
    expect(list.body.results.data.find((p: Product) => p.id === product.id)).toMatchObject({ link_state: 'ok' });
  });

  it('hides a product only after every link was gone on two checks in a row, the confirmation gap apart', async () => {
    const { t, owner } = await setUp({ confirmMs: 400 });
    const link = fake.url('hacoo', 'sold-out', unique());
    const product = await uploadProduct(t, owner.token, { link_hacoo: link });
    await vi.waitFor(() => expect(fake.requestsTo(link)).toBe(1), WAIT);
    await vi.waitFor(async () => expect((await productBySlug(t, product.slug)).link_state).toBe('gone'), WAIT);
    // One gone verdict: marked, still listed.
    expect(await productHidden(t, product.id)).toBe(0);

    await vi.waitFor(async () => expect(await productHidden(t, product.id)).toBe(1), WAIT);
    expect(fake.requestsTo(link)).toBe(2);
    const [first, second] = startsOf(link);
    expect((second ?? 0) - (first ?? Infinity)).toBeGreaterThanOrEqual(400);

    // As for a moderator's hide: the statement on My products, the uploader's mail, the queue and the audit log.
    const mine = await t.request('GET', '/auth/products', { token: owner.token });
    const own = mine.body.results.data.find((p: { id: number }) => p.id === product.id);
    expect(own.moderation).toMatchObject({ statement: LINK_GONE_STATEMENT, automated: true, appeal: null });
    // The checker's statement is a fixed text: its owner reads it in the site's language.
    const inGerman = await t.request('GET', '/auth/products', { token: owner.token, headers: { 'accept-language': 'de' } });
    expect(inGerman.body.results.data.find((p: { id: number }) => p.id === product.id).moderation.statement).toBe('Der Link funktioniert nicht mehr (automatisch geprüft).');
    const mail = await mailbox.waitFor(owner.email, /no longer works|ya no funciona/);
    expect(mail.text).toContain(product.title);
    const moderator = await registerUser(t);
    await setRole(t, moderator.id, 'moderator');
    const queue = await t.request('GET', '/admin/reports', { token: moderator.token });
    const item = (queue.body.results.data as QueueItem[]).find((i) => i.product.id === product.id);
    expect(item?.reports[0]).toMatchObject({ reason: 'broken_link', automated: true, reporter: null });
    expect(item?.link_history.map((c) => [c.result, c.reason])).toEqual([['gone', 'sold_out'], ['gone', 'sold_out']]);
    const [entry] = await auditEntries(t, moderator.token, `target_id=${product.id}`);
    expect(entry).toMatchObject({ action: 'product.auto_hide', actor: { id: 0, username: 'link checker' } });
    // Nothing to appeal: the product comes back by itself once a link works.
    const appeal = await t.request('POST', `/products/${product.id}/appeal`, { token: owner.token, json: { text: 'The link works for me.' } });
    expect(appeal.status).toBe(409);
  });

  it('drops the cached answers of a product it hides: the list read just before no longer shows it', async () => {
    const { t, owner } = await setUp({ confirmMs: 400 });
    const link = fake.url('hacoo', 'sold-out', unique());
    const product = await uploadProduct(t, owner.token, { link_hacoo: link });
    const listed = async () => ((await t.request('GET', '/products')).body.results.data as { id: number }[]).some((p) => p.id === product.id);
    expect(await listed()).toBe(true);
    await vi.waitFor(async () => expect(await productHidden(t, product.id)).toBe(1), WAIT);
    // Within the read cache's lifetime: the answer cached while the product was listed must be gone.
    expect(await listed()).toBe(false);
  });

  it('does not hide on a second gone that comes before the confirmation gap (a report right after the first)', async () => {
    const { t, owner } = await setUp({ confirmMs: 60 * 60_000 });
    const link = fake.url('dhgate', 'not-found-404', unique());
    const product = await uploadProduct(t, owner.token, { link_hacoo: fake.url('hacoo', 'redirect-home', unique()), link_dhgate: link });
    await vi.waitFor(async () => expect((await productBySlug(t, product.slug)).link_state).toBe('gone'), WAIT);
    expect((await reportAsVisitor(t, { id: product.id, reason: 'broken_link' })).status).toBe(201);
    await vi.waitFor(() => expect(fake.requestsTo(link)).toBe(2), WAIT);
    await vi.waitFor(async () => {
      const row = await t.app.db.selectFrom('link_checks').select(['gone_count', 'lease_owner']).where('product_id', '=', product.id).where('platform', '=', 'dhgate').executeTakeFirstOrThrow();
      expect(row).toEqual({ gone_count: 2, lease_owner: null });
    }, WAIT);
    expect(await productHidden(t, product.id)).toBe(0);
  });

  it('only marks a single dead link among working ones', async () => {
    const { t, owner } = await setUp({ confirmMs: 100 });
    const dead = fake.url('dhgate', 'gone-410', unique());
    const product = await uploadProduct(t, owner.token, { link_hacoo: fake.url('hacoo', 'product', unique()), link_dhgate: dead });
    await vi.waitFor(() => expect(fake.requestsTo(dead)).toBe(2), WAIT);
    await vi.waitFor(async () => expect((await productBySlug(t, product.slug)).link_state).toBe('partly_gone'), WAIT);
    expect(await productHidden(t, product.id)).toBe(0);
    const links = await linksOf(t, product.id);
    expect(links.link_health).toMatchObject({ hacoo: { state: 'ok' }, dhgate: { state: 'gone' } });
  });

  it('restores a product it hid once a link works again, with an audit entry and a mail', async () => {
    const { t, owner } = await setUp({ confirmMs: 100 });
    const link = fake.url('cnfans', 'removed', unique());
    const product = await uploadProduct(t, owner.token, { link_hacoo: fake.url('hacoo', 'gone-410', unique()), link_cnfans: link });
    await vi.waitFor(async () => expect(await productHidden(t, product.id)).toBe(1), WAIT);
    fake.setBehaviour(link, 'product');
    await t.app.linkHealth.checkSoon(product.id);
    await vi.waitFor(async () => expect(await productHidden(t, product.id)).toBe(0), WAIT);
    expect((await productBySlug(t, product.slug)).link_state).toBe('partly_gone');
    const moderator = await registerUser(t);
    await setRole(t, moderator.id, 'moderator');
    const entries = await auditEntries(t, moderator.token, `target_id=${product.id}`);
    expect(entries.map((e) => e.action)).toEqual(['product.auto_restore', 'product.auto_hide']);
    await mailbox.waitFor(owner.email, /visible again|vuelve a estar visible/);
    // The checker's own report is closed with it.
    const queue = await t.request('GET', '/admin/reports', { token: moderator.token });
    expect((queue.body.results.data as QueueItem[]).some((i) => i.product.id === product.id)).toBe(false);
  });

  it('never brings back a product a moderator hid, even when its link works', async () => {
    const { t, owner } = await setUp({ confirmMs: 100 });
    const moderator = await registerUser(t);
    await setRole(t, moderator.id, 'moderator');

    // Hidden by a moderator while its link works: not checked at all.
    const working = fake.url('hacoo', 'product', unique());
    const first = await uploadProduct(t, owner.token, { link_hacoo: working });
    await vi.waitFor(() => expect(fake.requestsTo(working)).toBe(1), WAIT);
    expect((await hide(t, moderator.token, first.id)).status).toBe(200);

    // Hidden by the checker, then by a moderator on top: the moderator's decision stands.
    const link = fake.url('hacoo', 'sold-out', unique());
    const second = await uploadProduct(t, owner.token, { link_hacoo: link });
    await vi.waitFor(async () => expect(await productHidden(t, second.id)).toBe(1), WAIT);
    expect((await hide(t, moderator.token, second.id)).status).toBe(200);
    fake.setBehaviour(link, 'product');

    for (const id of [first.id, second.id]) await t.app.linkHealth.checkSoon(id);
    await vi.waitFor(async () => {
      const rows = await t.app.db.selectFrom('link_checks').select(['next_check_at', 'lease_owner']).where('product_id', 'in', [first.id, second.id]).execute();
      expect(rows.every((r) => r.lease_owner === null && Date.parse(new Date(r.next_check_at).toISOString()) > Date.now() + 60_000)).toBe(true);
    }, WAIT);
    expect(fake.requestsTo(working)).toBe(1);
    expect(fake.requestsTo(link)).toBe(2);
    expect(await productHidden(t, first.id)).toBe(1);
    expect(await productHidden(t, second.id)).toBe(1);
  });

  it('checks a product\'s links within seconds of a broken-link report', async () => {
    const { t, owner } = await setUp();
    const link = fake.url('dhgate', 'product', unique());
    const product = await uploadProduct(t, owner.token, { link_hacoo: fake.url('hacoo', 'product', unique()), link_dhgate: link });
    // Once its first check is recorded, its next one is in the next round, half an hour away at least.
    await vi.waitFor(async () => {
      const row = await t.app.db.selectFrom('link_checks').select(['verdict', 'next_check_at']).where('product_id', '=', product.id).where('platform', '=', 'dhgate').executeTakeFirstOrThrow();
      expect(row.verdict).toBe('ok');
      expect(Date.parse(new Date(row.next_check_at).toISOString()) - Date.now()).toBeGreaterThan(29 * 60_000);
    }, WAIT);
    expect(fake.requestsTo(link)).toBe(1);

    const reported = Date.now();
    expect((await reportAsVisitor(t, { id: product.id, reason: 'broken_link' })).status).toBe(201);
    await vi.waitFor(() => expect(fake.requestsTo(link)).toBe(2), { timeout: 60_000, interval: 50 });
    expect((startsOf(link).at(-1) ?? Infinity) - reported).toBeLessThan(60_000);
  });

  it('keeps to the per-host concurrency and delay, measured at the store, and honours Retry-After', async () => {
    const { t, owner } = await setUp({ hostConcurrency: 2, hostDelayMs: 150 });
    const host = `www${process.pid}${++key}.dhgate.com`;
    const links = Array.from({ length: 10 }, () => fake.url('dhgate', 'product', unique(), host));
    for (const link of links) await uploadProduct(t, owner.token, { link_hacoo: fake.url('hacoo', 'product', unique()), link_dhgate: link });
    await vi.waitFor(() => expect(links.every((l) => fake.requestsTo(l) === 1)).toBe(true), { timeout: 20_000, interval: 50 });
    expect(fake.maxInFlight(host)).toBeLessThanOrEqual(2);
    // The delay is kept between sends as they leave; one reusing a warm connection may reach the store a little sooner.
    expect(fake.minStartGap(host)).toBeGreaterThanOrEqual(100);

    const busy = `www${process.pid}${++key}.dhgate.com`;
    const limited = fake.url('dhgate', 'rate-limited', unique(), busy);
    const waiting = fake.url('dhgate', 'product', unique(), busy);
    const product = await uploadProduct(t, owner.token, { link_hacoo: fake.url('hacoo', 'product', unique()), link_dhgate: limited });
    await vi.waitFor(() => expect(fake.requestsTo(limited)).toBe(1), WAIT);
    const refusedAt = startsOf(limited)[0] ?? Infinity;
    await uploadProduct(t, owner.token, { link_hacoo: fake.url('hacoo', 'product', unique()), link_dhgate: waiting });
    await vi.waitFor(() => expect(fake.requestsTo(waiting)).toBe(1), WAIT);
    const nextAt = startsOf(waiting)[0] ?? 0;
    expect(nextAt - refusedAt).toBeGreaterThanOrEqual(2_000);
    // A 429 is inconclusive: the product's links are not all judged.
    expect((await productBySlug(t, product.slug)).link_state).toBe('unknown');
  });

  it('with LINK_CHECK=off checks nothing, even on a report', async () => {
    const t = await createTestApp({ linkCheck: { ...FAST, enabled: false }, trustProxy: TRUSTED_LOOPBACK }, undefined, { linkCheckDispatcher: fake.dispatcher });
    apps.push(t);
    await insertTaxonomy(t);
    const owner = await registerUser(t);
    const link = fake.url('hacoo', 'product', unique());
    const product = await uploadProduct(t, owner.token, { link_hacoo: link });
    expect((await reportAsVisitor(t, { id: product.id, reason: 'broken_link' })).status).toBe(201);
    // Proving an absence: an enabled checker reacts within tens of milliseconds (the tests above); give it 1.5 s.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fake.requestsTo(link)).toBe(0);
    expect((await productBySlug(t, product.slug)).link_state).toBe('unknown');
  });
});

describe('a store name whose DNS points inside our network', () => {
  it('is checked without a connection: recorded as private_address, the product left as it was, and the loopback store never asked', async () => {
    // A test DNS that sends one allowlisted name to 127.0.0.1, where the fake store listens; the connector would reach it.
    const tls = buildConnector({ ca: fake.caPem });
    const dispatcher = publicOnlyDispatcher({
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      connect: (options, callback) => tls({ ...options, port: String(fake.port) }, callback),
    });
    try {
      const t = await createTestApp({ linkCheck: FAST, mailUrl: mailbox.url, trustProxy: TRUSTED_LOOPBACK }, undefined, { linkCheckDispatcher: dispatcher });
      apps.push(t);
      await insertTaxonomy(t);
      const owner = await registerUser(t);
      const link = fake.url('hacoo', 'product', unique());
      const product = await uploadProduct(t, owner.token, { link_hacoo: link });
      await vi.waitFor(async () => {
        const logged = await t.app.db.selectFrom('link_check_log').select(['result', 'reason']).where('product_id', '=', product.id).execute();
        expect(logged).toEqual([{ result: 'unknown', reason: 'private_address' }]);
      }, WAIT);
      expect(fake.requestsTo(link)).toBe(0);
      expect(await productHidden(t, product.id)).toBe(0);
      expect((await productBySlug(t, product.slug)).link_state).toBe('unknown');
    } finally {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await dispatcher.destroy();
    }
  });
});

describe.runIf(testDialect === 'postgres')('two API instances on one PostgreSQL database', () => {
  it('check each link exactly once per round between them', async () => {
    const database = await openSharedTestDatabase();
    // Answers take 50-150 ms, so that both instances are at work before the round is over.
    const slow = await startFakePlatforms({ latencyMs: [50, 150] });
    try {
      const seeder = await createTestApp({ linkCheck: { ...FAST, enabled: false } }, database);
      apps.push(seeder);
      await insertTaxonomy(seeder);
      const owner = await registerUser(seeder);
      const links: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        const hacoo = slow.url('hacoo', 'product', unique(), `shop${i % 4}.hacoo.com`);
        const dhgate = slow.url('dhgate', 'product', unique(), `shop${i % 3}.dhgate.com`);
        links.push(hacoo, dhgate);
        await uploadProduct(seeder, owner.token, { link_hacoo: hacoo, link_dhgate: dhgate });
      }
      const config = { ...FAST, hostDelayMs: 0, hostConcurrency: 2 };
      const instances = await Promise.all([0, 1].map(() => createTestApp({ linkCheck: config }, database, { linkCheckDispatcher: slow.dispatcher })));
      apps.push(...instances);
      await vi.waitFor(async () => {
        const rows = await seeder.app.db.selectFrom('link_checks').select('verdict').execute();
        expect(rows.filter((r) => r.verdict === 'ok')).toHaveLength(links.length);
      }, { timeout: 30_000, interval: 100 });
      expect(links.map((l) => slow.requestsTo(l))).toEqual(links.map(() => 1));
      // The per-host limit holds across both instances, not per instance.
      for (const host of ['shop0.hacoo.com', 'shop1.hacoo.com', 'shop2.hacoo.com', 'shop3.hacoo.com', 'shop0.dhgate.com', 'shop1.dhgate.com', 'shop2.dhgate.com']) {
        expect(slow.maxInFlight(host)).toBeLessThanOrEqual(2);
      }
    } finally {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await slow.close();
      await database.close();
    }
  });
});
