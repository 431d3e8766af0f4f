import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { Socket } from 'node:net';
import type { Store } from '@linkhunt/contracts/limits';
import { generate } from 'selfsigned';
import { Agent, buildConnector } from 'undici';

/**
 * Hacoo, DHGate and CNFans as far as the link checker sees them: one HTTPS server on 127.0.0.1 that answers
 * for every store host, each link behaving as its path says. Tests reach it through `dispatcher`, which
 * routes every host here over verified TLS, so the checker runs exactly as against the real stores.
 */

export const FAKE_BEHAVIOURS = [
  'product',
  'not-found-404',
  'gone-410',
  'redirect-home',
  'redirect-search',
  'redirect-not-found',
  'sold-out',
  'removed',
  'redirect-foreign',
  'redirect-within',
  'redirect-http',
  'redirect-loop',
  'hang',
  'rate-limited',
  'rate-limited-date',
  'server-error',
  'maintenance',
  'huge',
  'shell',
  'reset',
] as const;
/**
 * product, sold-out, removed, shell: 200 pages the rules judge ok, sold_out, removed, unrecognised_page.
 * not-found-404, gone-410: those statuses. redirect-home / -search / -not-found: 302 to that page of the
 * platform (search by a relative Location). redirect-foreign: 302 to https://evil.example. redirect-within:
 * 301 to a product page on another host of the platform. redirect-http: 302 to the same page over http:.
 * redirect-loop: 302 to itself, forever. hang: never answers. rate-limited: 429 with Retry-After in seconds;
 * rate-limited-date: as an HTTP date. server-error: 503 without Retry-After; maintenance: 503 with it.
 * huge: a 5 MB product page whose only marker is at its very end. reset: the connection is cut.
 */
export type FakeBehaviour = (typeof FAKE_BEHAVIOURS)[number];

export interface FakeRequest {
  host: string;
  path: string;
  /** Epoch ms (fractional) when the request's headers arrived. */
  startedAt: number;
  /** When the answer was complete or the connection closed; null while in flight. */
  endedAt: number | null;
  /** Body bytes handed to the connection: for `huge`, how far the client read before cutting it. */
  bytesSent: number;
  headers: IncomingHttpHeaders;
}

export interface FakePlatforms {
  port: number;
  /** undici dispatcher that sends every https request for any host to this server (on 127.0.0.1:port) and trusts its certificate; used only by tests. */
  dispatcher: Agent;
  /** The certificate to trust, so another process (an e2e API) can route the same way with `fakePlatformDispatcher(port, caPem)`. */
  caPem: string;
  /**
   * A link on `platform` (host defaults to the platform's main host: www.hacoo.com, www.dhgate.com, cnfans.com) whose page
   * behaves as `behaviour`; `key` makes it unique. A CNFans link is the one the API builds for a Weidian item.
   */
  url(platform: Store, behaviour: FakeBehaviour, key: string | number, host?: string): string;
  /** Change what an existing link serves from now on (for gone -> ok transitions). */
  setBehaviour(url: string, behaviour: FakeBehaviour): void;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** Highest number of requests in flight at once to `host`. */
  maxInFlight(host: string): number;
  /** Least gap in ms between the starts of two requests to `host` (Infinity with < 2). */
  minStartGap(host: string): number;
  /** Requests received for `url` (host and path, and a CNFans item's id; any other query is ignored). */
  requestsTo(url: string): number;
  /** Ends hung requests and closes every connection (and `dispatcher`); calling it again waits for the same. */
  close(): Promise<void>;
}

export interface FakePlatformOptions {
  /** Each answer waits a uniformly random time in this range first (ms), as real stores do. */
  latencyMs?: [number, number];
  /** Retry-After of `rate-limited`, `rate-limited-date` and `maintenance` answers (default 120). */
  retryAfterSeconds?: number;
  /**
   * What a path that is not one of url()'s serves: `not-found` (404, the default), or `product` (the e2e
   * suite's demo catalogue links to made-up product pages that must stay visible).
   */
  otherPaths?: 'not-found' | 'product';
}

interface PlatformSite {
  main: string;
  /** Other hosts of the same platform, targets of `redirect-within`. */
  others: string[];
  productPath(behaviour: FakeBehaviour, key: string): string;
  searchPath(key: string): string;
  notFoundPath: string;
}

const SITES: Record<Store, PlatformSite> = {
  hacoo: {
    main: 'www.hacoo.com',
    others: ['www.saramart.com', 'm.hacoo.com'],
    productPath: (behaviour, key) => `/product/${behaviour}/${key}`,
    searchPath: (key) => `/search?q=${key}`,
    notFoundPath: '/404',
  },
  dhgate: {
    main: 'www.dhgate.com',
    others: ['m.dhgate.com', 'www.dhgate.com'],
    productPath: (behaviour, key) => `/product/${behaviour}/${key}.html`,
    searchPath: (key) => `/wholesale/search.do?searchkey=${key}`,
    notFoundPath: '/404.html',
  },
  cnfans: {
    main: 'cnfans.com',
    others: ['www.cnfans.com', 'cnfans.com'],
    // The CNFans link the API builds from a source item (agent-links/source-item.ts): the item id says the behaviour.
    productPath: (behaviour, key) => `/product?id=${itemCode(behaviour, key)}&platform=WEIDIAN`,
    searchPath: (key) => `/search?keyword=${key}`,
    notFoundPath: '/notfound',
  },
};

const FOREIGN_HOST = 'evil.example';
/** Names the certificate covers: the default allowlists of every platform, and the foreign redirect target. */
const CERT_NAMES = [
  'hacoo.com',
  '*.hacoo.com',
  'hacoo.app',
  '*.hacoo.app',
  'hacoo.app.link',
  'saramart.com',
  '*.saramart.com',
  'dhgate.com',
  '*.dhgate.com',
  'dhgate.to',
  'cnfans.com',
  '*.cnfans.com',
  FOREIGN_HOST,
];

const PRODUCT_PATH = /^\/product\/([a-z0-9-]+)\/([^/]+?)(?:\.html)?$/;
const HUGE_BYTES = 5 * 1024 * 1024;
/**
 * The huge page goes out at 64 KB per 10 ms: loopback buffers would otherwise take all 5 MB at once, and
 * the count of bytes sent could not show where the client stopped reading.
 */
const HUGE_CHUNK_BYTES = 64 * 1024;
const HUGE_CHUNK_INTERVAL_MS = 10;

const now = (): number => performance.timeOrigin + performance.now();

function platformOf(host: string): Store | null {
  if (/(?:^|\.)(?:hacoo\.com|hacoo\.app|hacoo\.app\.link|saramart\.com)$/.test(host)) return 'hacoo';
  if (/(?:^|\.)(?:dhgate\.com|dhgate\.to)$/.test(host)) return 'dhgate';
  if (/(?:^|\.)cnfans\.com$/.test(host)) return 'cnfans';
  return null;
}

/**
 * A CNFans item id that carries a behaviour and a key: two digits for the behaviour, then the key, as is when it is
 * digits (flag 1), else three digits per character (flag 2). Ids stay digits, as the API's link parser needs.
 */
function itemCode(behaviour: FakeBehaviour, key: string): string {
  const plain = decodeURIComponent(key);
  const digits = /^\d+$/.test(plain) ? `1${plain}` : `2${[...plain].map((c) => String(c.charCodeAt(0) % 1000).padStart(3, '0')).join('')}`;
  return `${FAKE_BEHAVIOURS.indexOf(behaviour) + 10}${digits}`;
}

function fromItemCode(code: string): { behaviour: FakeBehaviour; key: string } | null {
  const behaviour = FAKE_BEHAVIOURS[Number(code.slice(0, 2)) - 10];
  if (!/^\d{4,}$/.test(code) || behaviour === undefined) return null;
  const rest = code.slice(3);
  const key = code[2] === '1' ? rest : (rest.match(/\d{3}/g) ?? []).map((c) => String.fromCharCode(Number(c))).join('');
  return { behaviour, key: encodeURIComponent(key) };
}

/** What names one link of the fake: host and path, and a CNFans item's id (its path is the same for every item). */
function linkIdentity(host: string, pathAndQuery: string): string {
  const [path = '/', query = ''] = pathAndQuery.split('?');
  const id = platformOf(host) === 'cnfans' && path === '/product' ? new URLSearchParams(query).get('id') : null;
  return linkKey(host, id === null ? path : `${path}?id=${id}`);
}

const isBehaviour = (value: string): value is FakeBehaviour => (FAKE_BEHAVIOURS as readonly string[]).includes(value);
const linkKey = (host: string, path: string): string => `${host.toLowerCase()}${path}`;

export async function startFakePlatforms(options: FakePlatformOptions = {}): Promise<FakePlatforms> {
  const retryAfterSeconds = options.retryAfterSeconds ?? 120;
  const pems = await generate([{ name: 'commonName', value: 'fake-platforms.test' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: CERT_NAMES.map((value) => ({ type: 2 as const, value })) },
    ],
  });

  const requests: FakeRequest[] = [];
  const overrides = new Map<string, FakeBehaviour>();
  const inFlight = new Map<string, number>();
  const peakInFlight = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const record: FakeRequest = { host, path: req.url ?? '/', startedAt: now(), endedAt: null, bytesSent: 0, headers: req.headers };
    requests.push(record);
    const open = (inFlight.get(host) ?? 0) + 1;
    inFlight.set(host, open);
    peakInFlight.set(host, Math.max(peakInFlight.get(host) ?? 0, open));
    res.on('close', () => {
      record.endedAt = now();
      inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
    });

    const [min, max] = options.latencyMs ?? [0, 0];
    const delay = min + Math.random() * Math.max(0, max - min);
    const answer = () => {
      if (!closed) respond(req, res, host, record);
    };
    if (delay > 0) later(delay, answer);
    else answer();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function behaviourOf(host: string, pathAndQuery: string): { behaviour: FakeBehaviour; key: string } | null {
    const path = pathAndQuery.split('?')[0] ?? '/';
    if (platformOf(host) === 'cnfans' && path === '/product') {
      const item = fromItemCode(new URLSearchParams(pathAndQuery.split('?')[1] ?? '').get('id') ?? '');
      if (item === null) return null;
      return { behaviour: overrides.get(linkIdentity(host, pathAndQuery)) ?? item.behaviour, key: item.key };
    }
    const match = PRODUCT_PATH.exec(path);
    if (match === null) return null;
    const named = match[1] ?? '';
    const behaviour = overrides.get(linkKey(host, path)) ?? (isBehaviour(named) ? named : null);
    return behaviour === null ? null : { behaviour, key: match[2] ?? '' };
  }

  function respond(req: IncomingMessage, res: ServerResponse, host: string, record: FakeRequest): void {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const platform = platformOf(host);
    const html = (status: number, body: string, headers: Record<string, string> = {}) => {
      const bytes = Buffer.from(body, 'utf8');
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': bytes.length, ...headers });
      record.bytesSent += bytes.length;
      res.end(bytes);
    };
    const redirect = (status: number, location: string) => html(status, `<a href="${location}">Moved</a>`, { location });

    if (platform === null) {
      // The foreign host: a page a checker should never have reached.
      html(200, PAGES.hacoo.product('foreign'));
      return;
    }
    const site = SITES[platform];
    const pages = PAGES[platform];
    if (path === '/') return html(200, pages.home());
    if (path === site.searchPath('').split('?')[0]) return html(200, pages.search());
    const link = behaviourOf(host, req.url ?? '/') ?? (options.otherPaths === 'product' ? { behaviour: 'product' as const, key: path } : null);
    if (link === null) return html(404, pages.notFound());

    const { behaviour, key } = link;
    const productPath = (on: string) => `https://${on}${site.productPath('product', key)}`;
    switch (behaviour) {
      case 'product':
        return html(200, pages.product(key));
      case 'sold-out':
        return html(200, pages.soldOut(key));
      case 'removed':
        return html(200, pages.removed(key));
      case 'shell':
        return html(200, SHELL);
      case 'not-found-404':
        return html(404, pages.notFound());
      case 'gone-410':
        return html(410, pages.notFound());
      case 'redirect-home':
        return redirect(302, `https://${host}/`);
      case 'redirect-search':
        return redirect(302, site.searchPath(key));
      case 'redirect-not-found':
        return redirect(302, `https://${host}${site.notFoundPath}`);
      case 'redirect-foreign':
        return redirect(302, `https://${FOREIGN_HOST}${site.productPath('product', key)}`);
      case 'redirect-within':
        return redirect(301, productPath(site.others.find((other) => other !== host) ?? site.main));
      case 'redirect-http':
        return redirect(302, `http://${host}${site.productPath('product', key)}`);
      case 'redirect-loop':
        // Relative, so that following it needs the Location resolved against the current URL.
        return redirect(302, req.url ?? path);
      case 'hang':
        return;
      case 'rate-limited':
        return html(429, '<h1>Too many requests</h1>', { 'retry-after': String(retryAfterSeconds) });
      case 'rate-limited-date':
        return html(429, '<h1>Too many requests</h1>', { 'retry-after': new Date(Date.now() + retryAfterSeconds * 1000).toUTCString() });
      case 'server-error':
        return html(503, '<h1>Service unavailable</h1>');
      case 'maintenance':
        return html(503, '<h1>Down for maintenance</h1>', { 'retry-after': String(retryAfterSeconds) });
      case 'huge':
        return sendHuge(res, record, pages.product(key));
      case 'reset':
        req.socket.destroy();
        return;
    }
  }

  function sendHuge(res: ServerResponse, record: FakeRequest, product: string): void {
    const tail = Buffer.from(`<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product"}</script>${product}</body></html>`);
    const head = Buffer.from('<!doctype html><html><head><meta charset="utf-8"><title>Catalogue</title></head><body>');
    const filler = Buffer.alloc(HUGE_CHUNK_BYTES, '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': HUGE_BYTES });
    let left = HUGE_BYTES;
    const send = (bytes: Buffer) => {
      record.bytesSent += bytes.length;
      left -= bytes.length;
      return res.write(bytes);
    };
    send(head);
    const next = () => {
      if (closed || res.destroyed) return;
      if (left <= tail.length) {
        send(tail.subarray(0, left));
        res.end();
        return;
      }
      const flowing = send(filler.subarray(0, Math.min(filler.length, left - tail.length)));
      if (flowing) later(HUGE_CHUNK_INTERVAL_MS, next);
      else res.once('drain', () => later(HUGE_CHUNK_INTERVAL_MS, next));
    };
    next();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake platforms have no port');
  const port = address.port;
  const dispatcher = fakePlatformDispatcher(port, pems.cert);

  let closing: Promise<void> | undefined;
  const shutDown = async () => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    for (const socket of sockets) socket.destroy();
    await Promise.all([stopped, dispatcher.destroy()]);
  };

  const requestsFor = (host: string) => requests.filter((request) => request.host === host.toLowerCase());

  return {
    port,
    dispatcher,
    caPem: pems.cert,
    url: fakeLink,
    setBehaviour(url, behaviour) {
      const parsed = new URL(url);
      overrides.set(linkIdentity(parsed.hostname, `${parsed.pathname}${parsed.search}`), behaviour);
    },
    requests,
    maxInFlight: (host) => peakInFlight.get(host.toLowerCase()) ?? 0,
    minStartGap(host) {
      const starts = requestsFor(host)
        .map((request) => request.startedAt)
        .sort((a, b) => a - b);
      let least = Infinity;
      for (let i = 1; i < starts.length; i++) least = Math.min(least, (starts[i] ?? 0) - (starts[i - 1] ?? 0));
      return least;
    },
    requestsTo(url) {
      const parsed = new URL(url);
      const wanted = linkIdentity(parsed.hostname, `${parsed.pathname}${parsed.search}`);
      return requestsFor(parsed.hostname).filter((request) => linkIdentity(parsed.hostname, request.path) === wanted).length;
    },
    close() {
      closing ??= shutDown();
      return closing;
    },
  };
}

/** url() without a running fake: another process (an e2e test) names the links of the fake the suite started. */
export function fakeLink(platform: Store, behaviour: FakeBehaviour, key: string | number, host?: string): string {
  const site = SITES[platform];
  return `https://${host ?? site.main}${site.productPath(behaviour, encodeURIComponent(String(key)))}`;
}

/**
 * An undici Agent that connects every https request, whatever its host, to the fake on 127.0.0.1:port,
 * with TLS verified against `caPem` under the requested host's name (as SNI and for the certificate check).
 */
export function fakePlatformDispatcher(port: number, caPem: string): Agent {
  const connector = buildConnector({ ca: caPem });
  return new Agent({
    connect: (options, callback) =>
      connector({ ...options, hostname: '127.0.0.1', port: String(port), servername: options.servername ?? options.hostname }, callback),
  });
}

const document = (lang: string, title: string, head: string, body: string): string =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${head}</head><body>${body}</body></html>`;

/**
 * The menu real stores put on every page, about 180 KB: error pages this size outgrow undici's buffer, so a
 * checker that left their bodies unread would keep the connection busy.
 */
const SITE_MENU = `<nav>${Array.from({ length: 4000 }, (_, i) => `<a href="/category/${i}">Category ${i}</a>`).join('')}</nav>`;

const SHELL = document('en', 'Loading…', '<link rel="stylesheet" href="/assets/app.css">', '<div id="app"></div><noscript>Please enable JavaScript.</noscript><script src="/assets/app.js" defer></script>');

interface PlatformPages {
  home(): string;
  search(): string;
  notFound(): string;
  product(key: string): string;
  soldOut(key: string): string;
  removed(key: string): string;
}

/** Per platform, pages shaped like the real ones: Hacoo in Spanish, DHGate in English, CNFans in English and Chinese. */
const PAGES: Record<Store, PlatformPages> = {
  hacoo: {
    home: () => document('es', 'Hacoo - Compra en línea', '<meta property="og:type" content="website">', '<h1>Ofertas del día</h1>'),
    search: () => document('es', 'Resultados de búsqueda | Hacoo', '<meta property="og:type" content="website">', '<ul class="goods-list"></ul>'),
    notFound: () => document('es', 'Página no encontrada | Hacoo', '', `<h1>404</h1>${SITE_MENU}`),
    product: (key) =>
      document(
        'es',
        `Zapatillas urbanas ${key} | Hacoo`,
        '<meta property="og:type" content="product"><meta property="og:title" content="Zapatillas urbanas">',
        `<div id="app"><h1>Zapatillas urbanas</h1><button class="buy">Comprar ahora</button></div><script>window.__DATA__={"goods_id":"88123456","title":"Zapatillas"}</script>`,
      ),
    soldOut: (key) =>
      document(
        'es',
        `Zapatillas urbanas ${key} | Hacoo`,
        '<meta property="og:type" content="product">',
        '<div id="app"><h1>Zapatillas urbanas</h1><p class="notice">Este artículo está agotado</p></div>',
      ),
    removed: () =>
      document('es', 'Hacoo', '<meta property="og:type" content="website">', '<div class="empty"><p>This item is no longer available</p><a href="/">Volver</a></div>'),
  },
  dhgate: {
    home: () => document('en', 'DHgate - Online Wholesale Stores', '', '<h1>Deals</h1>'),
    search: () => document('en', 'Wholesale sneakers - DHgate', '', '<div itemscope itemtype="https://schema.org/Product"></div>'),
    notFound: () => document('en', '404 Not Found - DHgate', '', `<h1>Page not found</h1>${SITE_MENU}`),
    product: (key) =>
      document(
        'en',
        `Running shoes ${key} - DHgate`,
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Running shoes","offers":{"@type":"Offer","availability":"https://schema.org/InStock"}}</script>',
        `<h1>Running shoes</h1><script>var itemcode = "${String(900000000 + key.length)}";</script>`,
      ),
    soldOut: () =>
      document(
        'en',
        'Running shoes - DHgate',
        '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Running shoes","offers":{"@type":"Offer","availability":"https://schema.org/OutOfStock"}}</script>',
        '<h1>Running shoes</h1>',
      ),
    removed: () => document('en', 'DHgate', '', '<div class="prod-error"><p>Sorry, this item is no longer available.</p></div>'),
  },
  cnfans: {
    home: () => document('en', 'CNFans - Shopping agent', '', '<h1>CNFans</h1>'),
    search: () => document('en', 'Search - CNFans', '', '<div id="app"></div>'),
    notFound: () => document('en', 'CNFans', '', `<h1>404</h1>${SITE_MENU}`),
    product: (key) =>
      document(
        'en',
        `Hoodie ${key} - CNFans`,
        '',
        `<div id="app"><h1>Hoodie</h1></div><script>window.__NUXT__={"product":{"shop_type":"weidian","id":"${key}"}}</script>`,
      ),
    soldOut: (key) =>
      document(
        'en',
        `Hoodie ${key} - CNFans`,
        '',
        `<div id="app"><h1>Hoodie</h1><p>商品已售罄</p><button class="buy" disabled>Sold out</button></div><script>window.__NUXT__={"product":{"shop_type":"weidian"}}</script>`,
      ),
    removed: () => document('en', 'CNFans', '', '<div class="empty"><p>Product not found</p><p>商品不存在</p></div>'),
  },
};
