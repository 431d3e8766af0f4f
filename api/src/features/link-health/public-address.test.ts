import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:https';
import { generate } from 'selfsigned';
import { BROWSER_USER_AGENT, loadConfig } from '../../config.js';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePlatforms, type FakePlatforms } from '../../test/fake-platforms.js';
import { checkLink } from './check-link.js';
import { isPublicAddress, publicOnlyDispatcher, type PublicOnlyOptions, type Resolver } from './public-address.js';

const ALLOWLISTS = loadConfig({}).links;

/**
 * A public address no test ever reaches: the test connector below sends whatever it is handed to the fake
 * stores on 127.0.0.1, after recording it. Only loopback traffic leaves this file.
 */
const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';

/** What the test DNS answers: a store's own names, and the names an attacker could point at the API's own network. */
const ANSWERS: Record<string, string[]> = {
  'www.hacoo.com': [PUBLIC_V4],
  'www.dhgate.com': [PUBLIC_V6, PUBLIC_V4],
  'localhost.hacoo.com': ['127.0.0.1'],
  '127-0-0-1.dhgate.com': ['127.0.0.1'],
  // An allowlisted name whose DNS was turned against us.
  'www.cnfans.com': ['127.0.0.1'],
  'cnfans.com': ['10.0.0.7'],
  // Half public, half private: refused as a whole, or a second connection could land on the private half.
  'm.dhgate.com': [PUBLIC_V4, '192.168.1.20'],
  'www.saramart.com': ['::ffff:127.0.0.1'],
  'm.hacoo.com': ['fd00::5'],
};

let fake: FakePlatforms;
/** Every name the test resolver was asked for, in order. */
const asked: string[] = [];
/** Every address and server name a connection was opened with. */
const opened: { hostname: string; servername: string | undefined }[] = [];

const resolve: Resolver = async (hostname) => {
  asked.push(hostname);
  const addresses = ANSWERS[hostname];
  if (!addresses) throw Object.assign(new Error(`test DNS: no ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let dispatcher: ReturnType<typeof publicOnlyDispatcher>;

beforeAll(async () => {
  fake = await startFakePlatforms();
  const tls = buildConnector({ ca: fake.caPem });
  dispatcher = publicOnlyDispatcher({
    resolve,
    // Stands for the network: records the checked address it is handed, and reaches the fake store instead.
    connect: (options, callback) => {
      opened.push({ hostname: options.hostname, servername: options.servername ?? undefined });
      return tls({ ...options, hostname: '127.0.0.1', port: String(fake.port) }, callback);
    },
  });
});
afterAll(async () => {
  await dispatcher?.destroy();
  await fake?.close();
});

const check = (store: 'hacoo' | 'dhgate' | 'cnfans', url: string) =>
  checkLink(store, url, { allowlist: ALLOWLISTS[store], timeoutMs: 5_000, userAgent: BROWSER_USER_AGENT, dispatcher });

let keys = 0;

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1',
    '0.0.0.0', '0.1.2.3', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.1', '198.51.100.1',
    '203.0.113.9', '198.18.0.1', '192.0.0.8',
    '::', '::1', 'fe80::1', 'fd00::1', 'fc12::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1',
    '64:ff9b::7f00:1', '2002:7f00:1::', '2001:db8::1', '2001::1', '100::1', 'fe80::1%eth0',
    'not an address', '', 'localhost',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([PUBLIC_V4, '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', PUBLIC_V6, '2a00:1450:4001:80b::200e', '::ffff:93.184.215.14'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the link checker\'s connections', () => {
  it.each([
    ['a store subdomain named localhost', 'hacoo', 'localhost.hacoo.com'],
    ['a store subdomain spelling 127.0.0.1', 'dhgate', '127-0-0-1.dhgate.com'],
    ['an allowlisted name resolving to loopback', 'cnfans', 'www.cnfans.com'],
    ['an allowlisted name resolving to a private address', 'cnfans', 'cnfans.com'],
    ['a name answering a public and a private address', 'dhgate', 'm.dhgate.com'],
    ['a name resolving to IPv4-mapped loopback', 'hacoo', 'www.saramart.com'],
    ['a name resolving to a unique local IPv6 address', 'hacoo', 'm.hacoo.com'],
  ] as const)('refuse %s, and the loopback server gets no request', async (_case, store, host) => {
    const url = fake.url(store, 'product', `guard-${++keys}`, host);
    const before = fake.requests.length;
    expect(await check(store, url)).toEqual({ result: 'unknown', reason: 'private_address', httpStatus: null, retryAfterMs: null });
    expect(fake.requests.length).toBe(before);
    expect(opened.filter((o) => o.servername === host)).toEqual([]);
  });

  it('resolve each name once and connect to the address checked, keeping the name for TLS and Host', async () => {
    const url = fake.url('hacoo', 'product', `guard-${++keys}`);
    asked.length = 0;
    opened.length = 0;
    expect((await check('hacoo', url)).result).toBe('ok');
    expect(asked).toEqual(['www.hacoo.com']);
    expect(opened).toEqual([{ hostname: PUBLIC_V4, servername: 'www.hacoo.com' }]);
    expect(fake.requests.at(-1)?.host).toBe('www.hacoo.com');

    // IPv4 first when a name has both (as a host without IPv6 routes needs); the fake's certificate was verified for the name either way.
    opened.length = 0;
    expect((await check('dhgate', fake.url('dhgate', 'product', `guard-${++keys}`))).result).toBe('ok');
    expect(opened).toEqual([{ hostname: PUBLIC_V4, servername: 'www.dhgate.com' }]);
  });

  it('apply the same rule at every redirect: a hop to a host that resolves privately is not followed', async () => {
    // hacoo's redirect-within goes to www.saramart.com, which the test DNS sends to ::ffff:127.0.0.1.
    const url = fake.url('hacoo', 'redirect-within', `guard-${++keys}`);
    const before = fake.requests.length;
    expect(await check('hacoo', url)).toEqual({ result: 'unknown', reason: 'private_address', httpStatus: null, retryAfterMs: null });
    expect(fake.requests.slice(before).map((r) => r.host)).toEqual(['www.hacoo.com']);
  });

  it('send nothing to a real loopback server a link resolves to', async () => {
    const pems = await generate([{ name: 'commonName', value: 'www.cnfans.com' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2 as const, value: 'www.cnfans.com' }] }],
    });
    let hits = 0;
    const server: Server = createServer({ key: pems.private, cert: pems.cert }, (_request, response) => {
      hits += 1;
      response.end('<meta property="og:type" content="product">');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    // A connector that goes where it is told, at this server's port (a test cannot listen on 443): only the
    // address check stands between the link and the server. With it, the same link reaches the server.
    const tls = buildConnector({ ca: pems.cert });
    const toServer: PublicOnlyOptions['connect'] = (options, callback) => tls({ ...options, port: String(address.port) }, callback);
    const guarded = publicOnlyDispatcher({ resolve, connect: toServer });
    const unguarded = new Agent({ connect: (options, callback) => toServer({ ...options, hostname: '127.0.0.1' }, callback) });
    const checkVia = (via: Dispatcher) =>
      checkLink('cnfans', 'https://www.cnfans.com/product/1', { allowlist: ALLOWLISTS.cnfans, timeoutMs: 5_000, userAgent: BROWSER_USER_AGENT, dispatcher: via });
    try {
      expect((await checkVia(guarded)).reason).toBe('private_address');
      expect(hits).toBe(0);
      expect((await checkVia(unguarded)).reason).toBe('product_page');
      expect(hits).toBe(1);
    } finally {
      await Promise.all([guarded.destroy(), unguarded.destroy()]);
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
