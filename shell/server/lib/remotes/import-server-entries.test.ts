import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { importServerEntry } from './import-server-entries.ts';

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
