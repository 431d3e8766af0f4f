// @vitest-environment node
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SitemapSlugPage, SitemapStamp, SitemapUserPage } from '@linkhunt/contracts/sitemap';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

/**
 * The built shell server (`node dist-server/main.js`, as production and the e2e suites start it: `pnpm run build`
 * first) on a made-up built shell, reading a stand-in API, stopped by a signal: what main.ts does on SIGTERM.
 */
const mainFile = fileURLToPath(new URL('../dist-server/main.js', import.meta.url));
const SITE = 'https://linkhunt.example';

interface ShellProcess {
  url: string;
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
  output: () => string;
  waitForOutput: (text: string) => Promise<void>;
}

/** The stand-in API: GET /sitemap/stamp is held until `release()`; every list is empty. */
interface StandInApi {
  url: string;
  stampAsked: Promise<void>;
  release: () => void;
}

let dir: string;
let api: Server;
let standIn: StandInApi;
const started: ShellProcess[] = [];

function startStandInApi(): Promise<StandInApi> {
  let asked!: () => void;
  let release!: () => void;
  const stampAsked = new Promise<void>((resolve) => (asked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const json = (res: ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  api = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://api');
    if (url.pathname === '/sitemap/stamp') {
      asked();
      void released.then(() => json(res, { results: { data: { stamp: 'one' } } } satisfies SitemapStamp));
      return;
    }
    const pagination = { total: 0, count: 0, per_page: Number(url.searchParams.get('per_page') ?? 1000), current_page: 1, total_pages: 1 };
    const empty: SitemapSlugPage | SitemapUserPage = { results: { data: [], meta: { pagination } } };
    json(res, empty);
  });
  return new Promise((resolve) =>
    api.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, stampAsked, release })),
  );
}

async function startShell(shellDir = dir): Promise<ShellProcess> {
  const child = spawn(process.execPath, [mainFile], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', SHELL_DIST: shellDir, PLATFORM_STATE_DIR: join(shellDir, '.platform-state'), LOG_LEVEL: 'info' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const waiter of waiters.filter((w) => out.includes(w.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const waitForOutput = (text: string) =>
    out.includes(text)
      ? Promise.resolve()
      : Promise.race([
          new Promise<void>((resolve) => waiters.push({ text, resolve })),
          exited.then((code) => Promise.reject(new Error(`the shell server exited with ${code} before "${text}":\n${out}`))),
        ]);
  const shell: ShellProcess = { url: '', child, exited, output: () => out, waitForOutput };
  started.push(shell);
  await waitForOutput('Server listening at http://127.0.0.1:');
  shell.url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
  return shell;
}

beforeAll(async () => {
  if (!existsSync(mainFile)) throw new Error(`${mainFile} is missing: build the shell first (pnpm run build)`);
  dir = await mkdtemp(join(tmpdir(), 'shell-main-'));
  standIn = await startStandInApi();
  await writeFile(join(dir, 'index.html'), '<!doctype html><html lang="es"><head><meta charset="utf-8"/></head><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'config.json'), JSON.stringify({ apiUrl: standIn.url, siteUrl: SITE }));
  await writeFile(join(dir, 'remotes.json'), '{}');
});

afterEach(() => {
  for (const shell of started.splice(0)) shell.child.kill('SIGKILL');
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

it('on SIGTERM while idle: closes and exits 0', async ({ onTestFailed }) => {
  const shell = await startShell();
  onTestFailed(() => console.info(shell.output()));
  // A keep-alive connection left open by a request must not hold the close up.
  expect((await fetch(`${shell.url}/robots.txt`)).status).toBe(200);
  const signalled = performance.now();
  shell.child.kill('SIGTERM');
  expect(await shell.exited).toBe(0);
  expect(performance.now() - signalled).toBeLessThan(5_000);
  expect(shell.output()).toContain('shutdown complete');
}, 30_000);

it('on SIGTERM mid-request: the balancer check fails at once, the request in flight gets its answer, then the process exits 0', async ({ onTestFailed }) => {
  const shell = await startShell();
  onTestFailed(() => console.info(shell.output()));
  expect((await fetch(`${shell.url}/health`)).status).toBe(200);
  const sitemap = fetch(`${shell.url}/sitemap.xml`);
  // The sitemap build waits on the stand-in API: the request is in flight.
  await standIn.stampAsked;
  shell.child.kill('SIGTERM');
  await shell.waitForOutput('shutting down');
  // A load balancer's check fails from now on: the port refuses it, or (on a connection still open) it is answered 503.
  const health = await fetch(`${shell.url}/health`).then((answer) => answer.status, () => 'refused');
  expect([503, 'refused']).toContain(health);
  standIn.release();
  const answer = await sitemap;
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain('<sitemapindex');
  expect(await shell.exited).toBe(0);
  expect(shell.output()).toContain('shutdown complete');
  expect(shell.output()).not.toMatch(/"level":50/);
}, 30_000);

it('starts a render worker whose remote’s server entry awaits something that holds no event loop (Node’s exit code 13)', async ({ onTestFailed }) => {
  // A server entry whose module evaluation waits on an unref'd timer: with nothing holding the worker's event loop,
  // Node ended the worker with code 13 (a top-level await left unsettled) before it was ready; a deploy's smoke
  // worker met this while importing mf-account, and the pool then had no worker for that version.
  const remoteDir = await mkdtemp(join(tmpdir(), 'shell-main-remote-'));
  const remote = createServer((req, res) => {
    if (req.url === '/remoteEntry.ssr.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end('await new Promise((resolve) => setTimeout(resolve, 300).unref());\nexport const exposes = {};\n');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  try {
    const entry = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/remoteEntry.js`;
    await writeFile(join(remoteDir, 'index.html'), '<!doctype html><html lang="es"><head><meta charset="utf-8"/></head><body><div id="root"></div></body></html>');
    await writeFile(join(remoteDir, 'config.json'), JSON.stringify({ apiUrl: standIn.url, siteUrl: SITE }));
    await writeFile(join(remoteDir, 'remotes.json'), JSON.stringify({ 'mf-catalogue': { entry } }));
    const shell = await startShell(remoteDir);
    onTestFailed(() => console.info(shell.output()));
    await shell.waitForOutput('rendering with remotes');
    expect(shell.output()).not.toContain('exited with 13');
  } finally {
    await new Promise((resolve) => remote.close(resolve));
    await rm(remoteDir, { recursive: true, force: true });
  }
}, 30_000);
