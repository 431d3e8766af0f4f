// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BroadcastChannel } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildShellServer, type ShellServerOptions } from '../../app.ts';
import { testShellOptions } from '../../test-shell-options.ts';

/**
 * The shell server as main.ts builds it, listening on loopback, its renders done by a real worker thread (a
 * stand-in for the React renderer: page-routes.test-worker.mjs answers each render with its number and URL, and
 * holds the "held" ones until released). Clients are told apart by their address: 127.0.0.2, 127.0.0.3, ...
 */
const channel = new BroadcastChannel('page-routes-test');
const holding = new Set<string>();
let api = 'up';
channel.onmessage = (event) => {
  const data = String((event as { data: unknown }).data);
  if (data.startsWith('api ')) api = data.slice('api '.length);
  if (data.startsWith('holding ')) holding.add(data.slice('holding '.length));
};
const release = () => {
  holding.clear();
  channel.postMessage('release');
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The render that made the page (the stand-in worker's count), or null for the plain shell. */
  render: number | null;
  /** The URL the page was rendered with. */
  url: string | null;
}

let dir: string;

async function startServer(overrides: Partial<ShellServerOptions> = {}): Promise<{ app: FastifyInstance; get: (path: string, from?: string, headers?: Record<string, string>) => Promise<Answer> }> {
  const app = await buildShellServer(
    testShellOptions(dir, new URL('./page-routes.test-worker.mjs', import.meta.url), {
      microCacheMs: 60_000,
      renderQueue: { concurrency: 2, maxWaiting: 4, clientShare: 2 },
      requestsPerClient: 16,
      ...overrides,
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const get = (path: string, from = '127.0.0.2', headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, localAddress: from, headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const render = /<p id="render">(\d+)<\/p>/.exec(body)?.[1];
          const url = /<p id="url">([^<]*)<\/p>/.exec(body)?.[1]?.replaceAll('&amp;', '&');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, render: render ? Number(render) : null, url: url ?? null });
        });
      });
      req.once('error', reject);
      req.end();
    });
  return { app, get };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'page-routes-flood-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><html lang="es"><head><meta charset="utf-8"/></head><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'config.json'), JSON.stringify({ apiUrl: 'http://127.0.0.1:9', siteUrl: 'https://linkhunt.example' }));
  await writeFile(join(dir, 'remotes.json'), JSON.stringify({ 'mf-catalogue': { entry: 'http://127.0.0.1:9/mf-catalogue/remoteEntry.js' } }));
});

afterAll(async () => {
  channel.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the page cache key', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (server = await startServer()));
  afterAll(() => server.app.close());

  it('ignores a parameter the page does not read: ?z=<random> is the page already rendered', async () => {
    const first = await server.get(`/es/index?z=${randomUUID()}`);
    const second = await server.get(`/es/index?z=${randomUUID()}`);
    const plain = await server.get('/es/index');
    expect(first.status).toBe(200);
    expect(first.url).toBe('/es/index');
    expect(second.render).toBe(first.render);
    expect(plain.render).toBe(first.render);
  });

  it("keeps what a page reads (the search's q and filters), in the page's own order, and nothing else", async () => {
    const a = await server.get(`/es/search?utm_source=x&q=bolso&z=${randomUUID()}&sort=new`);
    expect(a.url).toBe('/es/search?q=bolso&sort=new');
    const again = await server.get(`/es/search?sort=new&q=bolso&fbclid=${randomUUID()}`);
    expect(again.render).toBe(a.render);
    const other = await server.get('/es/search?q=zapato');
    expect(other.render).not.toBe(a.render);
    expect(other.url).toBe('/es/search?q=zapato');
  });

  it('keeps the redirects that read the query: /?lng=en still goes to English, with its query', async () => {
    const answer = await server.get('/?lng=en&z=1');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/en/index?lng=en&z=1');
  });
});

describe('pages with a mailed token', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (server = await startServer()));
  afterAll(() => server.app.close());

  it.each(['reset-password', 'verify-email'])('/%s is no-store and never kept, and renders with its token', async (page) => {
    const first = await server.get(`/es/${page}?token=abc`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.url).toBe(`/es/${page}?token=abc`);
    const second = await server.get(`/es/${page}?token=abc`);
    expect(second.render).not.toBe(first.render);
  });
});

describe('the render queue', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (server = await startServer()));
  afterAll(() => server.app.close());
  afterEach(() => release());

  it("gives each client its share: one client's flood is answered 503 at once, and another client still renders", async () => {
    // 127.0.0.2 takes both its renders (the queue's two slots).
    const flooding = [server.get('/es/product/held-1'), server.get('/es/product/held-2')];
    await vi.waitFor(() => expect(holding.size).toBe(2));
    // Past its share, nothing kept: a quick 503 telling when to come back, the plain shell as its body.
    const refused = await server.get(`/es/product/held-${randomUUID()}`);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.render).toBeNull();
    // 127.0.0.3's page is admitted: it waits for a slot, not behind a refusal.
    const other = server.get('/es/product/held-other', '127.0.0.3');
    await vi.waitFor(() => expect(holding.size).toBe(2));
    release();
    await vi.waitFor(() => expect(holding).toContain('/es/product/held-other'));
    release();
    expect((await other).status).toBe(200);
    expect((await other).url).toBe('/es/product/held-other');
    for (const answer of await Promise.all(flooding)) expect(answer.status).toBe(200);
  });

  it('refuses past its bound whatever the number of clients', async () => {
    // Two at once and four waiting: six clients fill it, the seventh is refused.
    const admitted = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7'].map((from, i) => server.get(`/es/product/held-q${i}`, from));
    await vi.waitFor(() => expect(holding.size).toBe(2));
    const refused = await server.get('/es/product/held-last', '127.0.0.8');
    expect(refused.status).toBe(503);
    while ((await Promise.race([Promise.all(admitted).then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 20))])) === false) release();
    for (const answer of await Promise.all(admitted)) expect(answer.status).toBe(200);
  });
});

describe('a page kept past its time', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  // Pages expire after 1 ms: every later request finds them stale.
  beforeAll(async () => (server = await startServer({ microCacheMs: 1 })));
  afterAll(() => server.app.close());
  afterEach(() => release());

  const expired = async (path: string, from = '127.0.0.2') => {
    const page = await server.get(path, from);
    const at = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(at + 1));
    return page;
  };

  it("is sent when the client's renders are all taken, rather than a 503", async () => {
    const stale = await expired('/es/cat/sneakers');
    const flooding = [server.get('/es/product/held-a'), server.get('/es/product/held-b')];
    await vi.waitFor(() => expect(holding.size).toBe(2));
    const answer = await server.get(`/es/cat/sneakers?z=${randomUUID()}`);
    expect(answer.status).toBe(200);
    expect(answer.render).toBe(stale.render);
    release();
    await Promise.all(flooding);
  });

  it('is sent at once when every render slot is taken, and rendered again behind', async () => {
    const stale = await expired('/es/brand/acme', '127.0.0.4');
    const flooding = [server.get('/es/product/held-c'), server.get('/es/product/held-d', '127.0.0.3')];
    await vi.waitFor(() => expect(holding.size).toBe(2));
    const answer = await server.get('/es/brand/acme', '127.0.0.4');
    expect(answer.render).toBe(stale.render);
    release();
    await Promise.all(flooding);
    // The render behind it is done once the slots are free: the next visitor gets that one.
    await vi.waitFor(async () => expect((await server.get('/es/brand/acme', '127.0.0.5')).render).toBeGreaterThan(stale.render ?? 0));
  });
});

describe('a render without the API', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (server = await startServer({ microCacheMs: 1 })));
  afterAll(async () => {
    channel.postMessage('up');
    await vi.waitFor(() => expect(api).toBe('up'));
    await server.app.close();
  });

  it('sends the good page kept instead (stale if error); a page never rendered says 503', async () => {
    const good = await server.get('/es/product/kept');
    const at = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(at + 1));
    channel.postMessage('down');
    await vi.waitFor(() => expect(api).toBe('down'));
    const again = await server.get('/es/product/kept');
    expect(again.status).toBe(200);
    expect(again.render).toBe(good.render);
    const never = await server.get('/es/product/never-kept');
    expect(never.status).toBe(503);
    expect(never.headers['cache-control']).toBe('no-store');
  });
});

describe('page requests per client', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (server = await startServer({ requestsPerClient: 1 })));
  afterAll(() => server.app.close());
  afterEach(() => release());

  it('take turns: a request cut off while it waited gives its turn back', async () => {
    const { port } = server.app.server.address() as AddressInfo;
    const first = server.get('/es/product/held-turn');
    await vi.waitFor(() => expect(holding).toContain('/es/product/held-turn'));
    // The client's second request waits for the first, and is cut off while it waits.
    const cut = httpRequest({ host: '127.0.0.1', port, path: '/es/index', localAddress: '127.0.0.2', agent: false });
    cut.once('error', () => undefined);
    cut.end();
    // Another client is not in that line.
    expect((await server.get('/es/about', '127.0.0.3')).status).toBe(200);
    cut.destroy();
    release();
    expect((await first).status).toBe(200);
    // Its turn came back: the client is served again.
    expect((await server.get('/es/index')).status).toBe(200);
  });
});

describe('reloads', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => (server = await startServer({ reloadsPerMinute: 2 })));
  afterAll(() => server.app.close());

  it('render afresh up to the per-client limit, then get the page kept; another client still reloads', async () => {
    const first = await server.get('/es/product/reloaded');
    const reload = { 'cache-control': 'max-age=0' };
    const one = await server.get('/es/product/reloaded', '127.0.0.2', reload);
    const two = await server.get('/es/product/reloaded', '127.0.0.2', { 'cache-control': 'no-cache' });
    expect(one.render).toBeGreaterThan(first.render ?? 0);
    expect(two.render).toBeGreaterThan(one.render ?? 0);
    const three = await server.get('/es/product/reloaded', '127.0.0.2', reload);
    expect(three.render).toBe(two.render);
    const elsewhere = await server.get('/es/product/reloaded', '127.0.0.3', reload);
    expect(elsewhere.render).toBeGreaterThan(two.render ?? 0);
  });
});
