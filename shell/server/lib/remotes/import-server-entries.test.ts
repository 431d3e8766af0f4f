import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { afterEach, expect, it } from 'vitest';
import { importServerEntries, importServerEntry } from './import-server-entries.ts';

let server: Server | undefined;
let cacheDir: string | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

it('settles within its timeout when a remote sends its headers and then stalls mid-body', async () => {
  // Every file of the remote: headers and the first bytes at once, the rest never.
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.write('export const exposes = {');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const entry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/remoteEntry.js`;
  cacheDir = await mkdtemp(join(tmpdir(), 'server-entries-'));
  const started = performance.now();
  const remote = await importServerEntry('mf-catalogue', { entry }, cacheDir, 300);
  expect(performance.now() - started).toBeLessThan(2_000);
  expect(remote.server).toBeUndefined();
  expect(remote.error).toMatch(/timeout|abort/i);
});

/** A remote's files, each sent after `delayMs`; a path outside `files` answers 404, one mapped to `undefined` never answers. */
async function serveRemote(files: Record<string, string | undefined>, delayMs = 0): Promise<string> {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://remote').pathname;
    if (path in files && files[path] === undefined) return;
    setTimeout(() => {
      const body = files[path];
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': path.endsWith('.json') ? 'application/json' : 'text/javascript' });
      response.end(body ?? 'Not Found');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  cacheDir = await mkdtemp(join(tmpdir(), 'server-entries-'));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/remoteEntry.js`;
}

it('waits for a remote that is slow but answers: a new worker renders it on the server from its first page', async () => {
  // A freshly deployed remote's server, busy compressing each file on its first request on a loaded machine
  // (CI: over half a second, and the first try gave up on it).
  const entry = await serveRemote({ '/remoteEntry.ssr.js': `export const exposes = { './Home': async () => ({}) };` }, 1_200);
  const [remote] = await importServerEntries({ 'mf-catalogue': { entry } } as unknown as RemotesManifest, cacheDir ?? '');
  expect(remote?.error).toBeUndefined();
  expect(Object.keys(remote?.server?.exposes ?? {})).toEqual(['./Home']);
});

it('gives each remote one deadline for all its files: a manifest that comes late and a stylesheet that never does cost no more', async () => {
  const manifest = { exposes: [{ path: './Home', assets: { js: { sync: [], async: [] }, css: { sync: ['assets/home.css'] } } }] };
  const entry = await serveRemote({ '/remoteEntry.ssr.js': 'export const exposes = {};', '/mf-manifest.json': JSON.stringify(manifest), '/assets/home.css': undefined }, 700);
  const started = performance.now();
  const remote = await importServerEntry('mf-catalogue', { entry }, cacheDir ?? '', 1_000);
  // Two deadlines in a row (the manifest's, then the stylesheet's) took 1.7 s.
  expect(performance.now() - started).toBeLessThan(1_500);
  expect(remote.server).toBeDefined();
  expect(remote.assets.get('./Home')?.css).toEqual([{ href: new URL('assets/home.css', entry).href, text: undefined }]);
});
