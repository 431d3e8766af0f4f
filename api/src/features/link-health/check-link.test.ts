import { createServer, type Server, type Socket } from 'node:net';
import { STORES, type Store } from '@linkhunt/contracts/limits';
import type { LinkCheckReason, LinkVerdict } from '@linkhunt/contracts/link-health';
import { generate } from 'selfsigned';
import { request, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER_USER_AGENT, loadConfig } from '../../config.js';
import { freePort } from '../../test/free-port.js';
import { fakePlatformDispatcher, startFakePlatforms, type FakeBehaviour, type FakePlatforms } from '../../test/fake-platforms.js';
import { checkLink, MAX_BODY_BYTES, type LinkCheckOutcome } from './check-link.js';

const ALLOWLISTS = loadConfig({}).links;
const OTHER_HOST: Record<Store, string> = { hacoo: 'www.saramart.com', dhgate: 'm.dhgate.com', cnfans: 'www.cnfans.com' };

let fake: FakePlatforms;
let keys = 0;
/** A link no other test has touched, so request counts per link are this test's own. */
const link = (platform: Store, behaviour: FakeBehaviour, host?: string) => fake.url(platform, behaviour, `k${++keys}`, host);

const check = (platform: Store, url: string, timeoutMs = 5_000, dispatcher: Dispatcher = fake.dispatcher) =>
  checkLink(platform, url, { allowlist: ALLOWLISTS[platform], timeoutMs, userAgent: BROWSER_USER_AGENT, dispatcher });

const expectOutcome = (actual: LinkCheckOutcome, result: LinkVerdict, reason: LinkCheckReason, httpStatus: number | null, retryAfterMs: number | null = null) =>
  expect(actual).toEqual({ result, reason, httpStatus, retryAfterMs });

const timed = async <T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
};

beforeAll(async () => {
  fake = await startFakePlatforms({ retryAfterSeconds: 90 });
});

afterAll(async () => {
  await fake.close();
});

describe.each(STORES)('%s links', (platform) => {
  it.each<[FakeBehaviour, LinkVerdict, LinkCheckReason, number | null, number | null]>([
    ['product', 'ok', 'product_page', 200, null],
    ['sold-out', 'gone', 'sold_out', 200, null],
    ['removed', 'gone', 'removed', 200, null],
    ['shell', 'unknown', 'unrecognised_page', 200, null],
    ['not-found-404', 'gone', 'not_found', 404, null],
    ['gone-410', 'gone', 'not_found', 410, null],
    ['redirect-home', 'gone', 'redirect_home', 302, null],
    ['redirect-search', 'gone', 'redirect_search', 302, null],
    ['redirect-not-found', 'gone', 'redirect_not_found', 302, null],
    ['redirect-foreign', 'gone', 'foreign_redirect', 302, null],
    ['redirect-http', 'gone', 'foreign_redirect', 302, null],
    ['redirect-within', 'ok', 'product_page', 200, null],
    ['redirect-loop', 'unknown', 'too_many_redirects', 302, null],
    ['rate-limited', 'unknown', 'rate_limited', 429, 90_000],
    ['server-error', 'unknown', 'server_error', 503, null],
    ['maintenance', 'unknown', 'server_error', 503, 90_000],
    ['reset', 'unknown', 'network_error', null, null],
  ])('%s: %s/%s', async (behaviour, result, reason, httpStatus, retryAfterMs) => {
    expectOutcome(await check(platform, link(platform, behaviour)), result, reason, httpStatus, retryAfterMs);
  });

  it('sends browser-like headers', async () => {
    const url = link(platform, 'product');
    await check(platform, url);
    const sent = fake.requests.find((r) => `https://${r.host}${r.path}` === url);
    expect(sent?.headers['user-agent']).toBe(BROWSER_USER_AGENT);
    expect(sent?.headers.accept).toMatch(/^text\/html,/);
    expect(sent?.headers['accept-language']).toMatch(/^en/);
  });

  it('follows a redirect to another of its hosts, one request per hop', async () => {
    const url = link(platform, 'redirect-within');
    expectOutcome(await check(platform, url), 'ok', 'product_page', 200);
    expect(fake.requestsTo(url)).toBe(1);
    expect(fake.requestsTo(fake.url(platform, 'product', `k${keys}`, OTHER_HOST[platform]))).toBe(1);
  });

  it('stops at a redirect off the platform or to http:, without following it', async () => {
    const before = fake.requests.filter((r) => r.host === 'evil.example').length;
    const foreign = link(platform, 'redirect-foreign');
    const insecure = link(platform, 'redirect-http');
    expectOutcome(await check(platform, foreign), 'gone', 'foreign_redirect', 302);
    expectOutcome(await check(platform, insecure), 'gone', 'foreign_redirect', 302);
    expect(fake.requests.filter((r) => r.host === 'evil.example')).toHaveLength(before);
    expect(fake.requestsTo(insecure)).toBe(1);
    expect(fake.requestsTo(fake.url(platform, 'product', `k${keys}`))).toBe(0);
  });

  it('judges a redirect to the home page by its target, without fetching it', async () => {
    const homeRequests = () => fake.requests.filter((r) => r.path === '/').length;
    const before = homeRequests();
    expectOutcome(await check(platform, link(platform, 'redirect-home')), 'gone', 'redirect_home', 302);
    expect(homeRequests()).toBe(before);
  });

  it('follows five redirects (relative ones resolved against the current URL) and gives up at the sixth', async () => {
    const url = link(platform, 'redirect-loop');
    expectOutcome(await check(platform, url), 'unknown', 'too_many_redirects', 302);
    expect(fake.requestsTo(url)).toBe(6);
  });

  it('reads Retry-After given as an HTTP date', async () => {
    const outcome = await check(platform, link(platform, 'rate-limited-date'));
    expect(outcome).toMatchObject({ result: 'unknown', reason: 'rate_limited', httpStatus: 429 });
    // The date has whole seconds and took a moment to arrive.
    expect(outcome.retryAfterMs).toBeGreaterThan(85_000);
    expect(outcome.retryAfterMs).toBeLessThanOrEqual(90_000);
  });

  it('reads only the first 512 KB of a 5 MB page and cuts the connection there', async () => {
    const url = link(platform, 'huge');
    // The page's only product marker lies at its end: a checker that read it all would say ok.
    expectOutcome(await check(platform, url), 'unknown', 'unrecognised_page', 200);
    const served = fake.requests.find((r) => `https://${r.host}${r.path}` === url);
    await vi.waitFor(() => expect(served?.endedAt).not.toBeNull());
    expect(served?.bytesSent).toBeGreaterThanOrEqual(MAX_BODY_BYTES);
    expect(served?.bytesSent).toBeLessThan(2 * 1024 * 1024);
  });

  it('gives a page that changed from gone to live its new verdict', async () => {
    const url = link(platform, 'removed');
    expectOutcome(await check(platform, url), 'gone', 'removed', 200);
    fake.setBehaviour(url, 'product');
    expectOutcome(await check(platform, url), 'ok', 'product_page', 200);
  });
});

describe('the time budget', () => {
  it('ends a check whose store never answers', async () => {
    const url = link('hacoo', 'hang');
    const { value, ms } = await timed(() => check('hacoo', url, 300));
    expectOutcome(value, 'unknown', 'timeout', null);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(2_000);
    // The request is abandoned, not left hanging on an open connection.
    const served = fake.requests.find((r) => `https://${r.host}${r.path}` === url);
    await vi.waitFor(() => expect(served?.endedAt).not.toBeNull());
  });

  it('covers the redirects too, not each request', async () => {
    const slow = await startFakePlatforms({ latencyMs: [150, 150] });
    try {
      const url = slow.url('dhgate', 'redirect-loop', 'slow');
      // Each hop fits the budget; six of them do not.
      const { value, ms } = await timed(() => check('dhgate', url, 500, slow.dispatcher));
      expectOutcome(value, 'unknown', 'timeout', null);
      expect(ms).toBeLessThan(1_500);
      expect(slow.requestsTo(url)).toBeGreaterThanOrEqual(2);
      expect(slow.requestsTo(url)).toBeLessThan(6);
    } finally {
      await slow.close();
    }
  });

  it('ends a check stuck in the TLS handshake', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const dispatcher = fakePlatformDispatcher(address.port, fake.caPem);
    try {
      const { value, ms } = await timed(() => check('cnfans', link('cnfans', 'product'), 300, dispatcher));
      expectOutcome(value, 'unknown', 'timeout', null);
      expect(ms).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await Promise.all([new Promise<void>((resolve) => silent.close(() => resolve())), dispatcher.destroy()]);
    }
  });
});

describe('caps and limits', () => {
  it('caps Retry-After at a day', async () => {
    const patient = await startFakePlatforms({ retryAfterSeconds: 3 * 24 * 60 * 60 });
    try {
      expectOutcome(await check('hacoo', patient.url('hacoo', 'rate-limited', 1), 5_000, patient.dispatcher), 'unknown', 'rate_limited', 429, 24 * 60 * 60_000);
    } finally {
      await patient.close();
    }
  });

  it('leaves redirects to the checker: undici does not follow them itself', async () => {
    const response = await request(link('hacoo', 'redirect-within'), { dispatcher: fake.dispatcher });
    await response.body.dump();
    expect(response.statusCode).toBe(301);
  });
});

describe('network failures', () => {
  it('refuses a certificate it does not trust', async () => {
    const stranger = await generate([{ name: 'commonName', value: 'www.hacoo.com' }], { keyType: 'ec', algorithm: 'sha256' });
    const untrusting = fakePlatformDispatcher(fake.port, stranger.cert);
    try {
      expectOutcome(await check('hacoo', link('hacoo', 'product'), 5_000, untrusting), 'unknown', 'network_error', null);
    } finally {
      await untrusting.destroy();
    }
  });

  it('refuses a certificate that does not name the host', async () => {
    const outcome = await checkLink('hacoo', 'https://shop.example.org/product/product/1', {
      allowlist: ['shop.example.org'],
      timeoutMs: 5_000,
      userAgent: BROWSER_USER_AGENT,
      dispatcher: fake.dispatcher,
    });
    expectOutcome(outcome, 'unknown', 'network_error', null);
  });

  it('reports a refused connection', async () => {
    const closed = fakePlatformDispatcher(await freePort(), fake.caPem);
    try {
      expectOutcome(await check('dhgate', link('dhgate', 'product'), 5_000, closed), 'unknown', 'network_error', null);
    } finally {
      await closed.destroy();
    }
  });

  it.each([
    ['an http: link', 'http://www.hacoo.com/product/product/1'],
    ['a host off the allowlist', 'https://evil.example/product/product/1'],
    ['an IP address', 'https://127.0.0.1/product/product/1'],
    ['a link with credentials', 'https://user:pass@www.hacoo.com/product/product/1'],
    ['a port', 'https://www.hacoo.com:8443/product/product/1'],
    ['no URL at all', 'not a url'],
  ])('does not fetch %s', async (_case, url) => {
    const before = fake.requests.length;
    expectOutcome(await check('hacoo', url), 'unknown', 'network_error', null);
    expect(fake.requests).toHaveLength(before);
  });
});

describe('the fake platforms', () => {
  it('count requests in flight and the gaps between their starts per host', async () => {
    const host = 'm.hacoo.com';
    expect(fake.maxInFlight(host)).toBe(0);
    expect(fake.minStartGap(host)).toBe(Infinity);
    await Promise.all([1, 2, 3].map(() => check('hacoo', link('hacoo', 'hang', host), 300)));
    expect(fake.maxInFlight(host)).toBe(3);
    expect(fake.minStartGap(host)).toBeGreaterThanOrEqual(0);
    expect(fake.minStartGap(host)).toBeLessThan(300);
  });
});

// Last: every check above must have let go of its response.
describe('sockets', () => {
  it('are all released: no request stays open and the fake closes at once', async () => {
    await vi.waitFor(() => expect(fake.requests.filter((r) => r.endedAt === null)).toEqual([]));
    // Idle keep-alive connections may stay; none may still carry a request.
    for (const [origin, stats] of Object.entries(fake.dispatcher.stats)) expect(stats.size, origin).toBe(0);
    const { ms } = await timed(() => fake.close());
    expect(ms).toBeLessThan(1_000);
  });
});
