import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeEcb, dailyDocument, startFakeEcb } from '../../test/fake-ecb.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/fixtures.js';
import { readListingVersion } from '../products/listing-index-repository.js';
import { type RatesLog, RatesRefresher } from './rates-refresher.js';
import { SHIPPED_RATES } from './shipped-rates.js';

const HOUR = 3_600_000;
const GOOD = { USD: '1.0850', JPY: '163.03', CNY: '7.8420', GBP: '0.84880' };
const GOOD_RATES = { EUR: 1, USD: 1.085, CNY: 7.842, GBP: 0.8488 };

let t: TestApp;
let fake: FakeEcb;
let lines: { level: string; message: string; details: object }[];

const log: RatesLog = {
  info: (details, message) => lines.push({ level: 'info', message, details }),
  warn: (details, message) => lines.push({ level: 'warn', message, details }),
};

function refresher(timeoutMs = 5_000): RatesRefresher {
  return new RatesRefresher({
    db: t.app.db,
    config: { url: fake.url, refreshMs: HOUR, timeoutMs },
    userAgent: 'linkhunt-test',
    log,
    onChange: () => t.app.readCache.invalidate({ listings: true }),
  });
}

const rates = async () => (await t.request('GET', '/rates')).body.results.data;

beforeAll(async () => {
  // RATES_URL off, as in every test app: these tests run the refresher themselves against a fake ECB.
  t = await createTestApp();
  fake = await startFakeEcb({ status: 200, body: dailyDocument('2026-11-02', GOOD) });
});
afterAll(async () => {
  await fake.close();
  await t.close();
});
afterEach(() => {
  lines = [];
});
lines = [];

describe('the exchange rates', () => {
  it('are the shipped table before any fetch, public and cacheable', async () => {
    const res = await t.request('GET', '/rates');
    expect(res.status).toBe(200);
    expect(res.body.results.data).toEqual({ base: 'EUR', date: SHIPPED_RATES.date, fetched_at: null, rates: SHIPPED_RATES.rates });
    expect(res.headers.get('cache-control')).toBe('public, max-age=900');
    // From the read cache too, and for a signed-in visitor (the same answer for everyone).
    const again = await t.request('GET', '/rates');
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.headers.get('cache-control')).toBe('public, max-age=900');
    const member = await registerUser(t);
    const signedIn = await t.request('GET', '/rates?as=member', { token: member.token });
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('public, max-age=900');
  });

  it('are the ECB\'s once fetched: stored, served, and the listing index told', async () => {
    const version = await readListingVersion(t.app.db);
    const before = Date.now();
    expect(await refresher().refresh()).toBe('changed');
    expect(fake.requests).toBeGreaterThanOrEqual(1);
    const served = await rates();
    expect(served).toMatchObject({ base: 'EUR', date: '2026-11-02', rates: GOOD_RATES });
    expect(Date.parse(served.fetched_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await readListingVersion(t.app.db)).toBe(version + 1);
    expect(lines.map((l) => l.message)).toEqual(['exchange rates: new rates']);
  });

  it('written again unchanged, by two instances at once, leave one row per currency and the index alone', async () => {
    const version = await readListingVersion(t.app.db);
    const outcomes = await Promise.all([refresher().refresh(), refresher().refresh()]);
    expect(outcomes).toEqual(['unchanged', 'unchanged']);
    const rows = await t.app.db.selectFrom('exchange_rates').select(['currency', 'per_euro', 'rate_date']).orderBy('currency').execute();
    expect(rows).toEqual([
      { currency: 'CNY', per_euro: 7.842, rate_date: '2026-11-02' },
      { currency: 'EUR', per_euro: 1, rate_date: '2026-11-02' },
      { currency: 'GBP', per_euro: 0.8488, rate_date: '2026-11-02' },
      { currency: 'USD', per_euro: 1.085, rate_date: '2026-11-02' },
    ]);
    expect(await readListingVersion(t.app.db)).toBe(version);
  });

  it.each([
    ['an HTTP error', { status: 500, body: 'Internal Server Error' }, 'HTTP 500'],
    ['a 404', { status: 404, body: 'gone' }, 'HTTP 404'],
    ['a document missing a currency', { status: 200, body: dailyDocument('2026-11-03', { USD: '1.1', CNY: '7.9' }) }, 'no rate for GBP'],
    ['a zero rate', { status: 200, body: dailyDocument('2026-11-03', { ...GOOD, USD: '0.0000' }) }, 'bad rate for USD'],
    ['a negative rate', { status: 200, body: dailyDocument('2026-11-03', { ...GOOD, CNY: '-7.8' }) }, 'bad rate for CNY'],
    ['an HTML page', { status: 200, body: '<html><body>Maintenance</body></html>' }, 'not an ECB rates document'],
  ])('keep the last good ones after %s, with one log line', async (_, answer, reason) => {
    fake.answer = answer;
    expect(await refresher().refresh()).toBe('failed');
    expect(await t.app.exchangeRates.current()).toMatchObject({ date: '2026-11-02', rates: GOOD_RATES });
    expect(lines).toEqual([{ level: 'warn', message: 'exchange rates: fetch failed, keeping the last good rates', details: { source: fake.url, reason } }]);
  });

  it('keep the last good ones when the source does not answer in time', async () => {
    fake.answer = 'hang';
    expect(await refresher(300).refresh()).toBe('failed');
    expect(await t.app.exchangeRates.current()).toMatchObject({ date: '2026-11-02', rates: GOOD_RATES });
    expect(lines.map((l) => (l.details as { reason: string }).reason)).toEqual(['no answer within 300 ms']);
  });

  it('keep the last good ones when nothing listens', async () => {
    const gone = new RatesRefresher({ db: t.app.db, config: { url: 'http://127.0.0.1:9/rates.xml', refreshMs: HOUR, timeoutMs: 2_000 }, userAgent: 'x', log });
    expect(await gone.refresh()).toBe('failed');
    expect(lines).toHaveLength(1);
    expect((lines[0]?.details as { reason: string }).reason).toMatch(/^network error/);
    expect(await t.app.exchangeRates.current()).toMatchObject({ date: '2026-11-02', rates: GOOD_RATES });
  });

  it('are never replaced by an older day\'s, however it is served', async () => {
    fake.answer = { status: 200, body: dailyDocument('2026-10-30', { ...GOOD, USD: '1.2000' }) };
    expect(await refresher().refresh()).toBe('older');
    expect(await t.app.exchangeRates.current()).toMatchObject({ date: '2026-11-02', rates: GOOD_RATES });
  });

  it('follow a newer day\'s', async () => {
    fake.answer = { status: 200, body: dailyDocument('2026-11-03', { ...GOOD, USD: '1.0900' }) };
    expect(await refresher().refresh()).toBe('changed');
    expect(await rates()).toMatchObject({ date: '2026-11-03', rates: { ...GOOD_RATES, USD: 1.09 } });
  });
});

describe('the refresher beside the API', () => {
  it('fetches at start without holding up start or /ready', async () => {
    const source = await startFakeEcb('hang');
    const app = await createTestApp({ rates: { url: source.url, refreshMs: HOUR, timeoutMs: 60_000 } });
    try {
      // Started and ready while the first fetch hangs.
      expect((await app.request('GET', '/ready')).status).toBe(200);
      await vi.waitFor(() => expect(source.requests).toBe(1));
      expect((await app.request('GET', '/rates')).body.results.data.fetched_at).toBeNull();
    } finally {
      // Closing abandons the hanging fetch rather than waiting out its minute.
      await app.close();
      await source.close();
    }
  });

  it('keeps what it fetched at start', async () => {
    const source = await startFakeEcb({ status: 200, body: dailyDocument('2026-11-04', GOOD) });
    const app = await createTestApp({ rates: { url: source.url, refreshMs: HOUR, timeoutMs: 5_000 } });
    try {
      await vi.waitFor(async () => expect((await app.app.exchangeRates.current()).date).toBe('2026-11-04'));
      expect((await app.request('GET', '/rates')).body.results.data).toMatchObject({ date: '2026-11-04', rates: GOOD_RATES });
      expect(await app.app.exchangeRates.refresh()).toBe('unchanged');
      expect(source.requests).toBe(2);
    } finally {
      await app.close();
      await source.close();
    }
  });

  it('fetches again every RATES_REFRESH_HOURS, failures included', async () => {
    const source = await startFakeEcb({ status: 503, body: 'busy' });
    const app = await createTestApp({ rates: { url: source.url, refreshMs: 50, timeoutMs: 5_000 } });
    try {
      await vi.waitFor(() => expect(source.requests).toBeGreaterThanOrEqual(2));
      source.answer = { status: 200, body: dailyDocument('2026-11-05', GOOD) };
      await vi.waitFor(async () => expect((await app.app.exchangeRates.current()).date).toBe('2026-11-05'));
    } finally {
      await app.close();
      await source.close();
    }
  });

  it('is off with RATES_URL=off (or empty), and on with the ECB by default', async () => {
    const { loadConfig } = await import('../../config.js');
    expect(loadConfig({}).rates).toEqual({ url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml', refreshMs: 6 * HOUR, timeoutMs: 10_000 });
    expect(loadConfig({ RATES_URL: 'off' }).rates.url).toBe('');
    expect(loadConfig({ RATES_URL: '' }).rates.url).toBe('');
    expect(loadConfig({ RATES_URL: 'http://rates.internal/daily.xml', RATES_REFRESH_HOURS: '0.5' }).rates).toMatchObject({ url: 'http://rates.internal/daily.xml', refreshMs: HOUR / 2 });
    expect(() => loadConfig({ RATES_URL: 'ftp://x' })).toThrow(/RATES_URL/);
    expect(t.config.rates.url).toBe('');
    expect(await t.app.exchangeRates.refresh()).toBe('failed');
  });
});
