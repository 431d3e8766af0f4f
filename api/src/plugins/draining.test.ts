import { once } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { drainingPlugin } from './draining.js';

/** One keep-alive connection, as a browser or a proxy holds one between requests. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterEach(() => agent.destroy());

function get(port: number): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path: '/ping', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function startApp(idleGraceMs?: number) {
  const log = new PassThrough({ encoding: 'utf8' });
  const lines: string[] = [];
  log.on('data', (line: string) => lines.push(line));
  const app = Fastify({ return503OnClosing: false, logger: { level: 'info', stream: log } });
  await app.register(drainingPlugin, { idleGraceMs });
  app.get('/ping', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const logged = (text: string) => lines.some((line) => line.includes(text));
  /** Resolves once the server has logged `text`. */
  const waitForLog = async (text: string) => {
    while (!logged(text)) await once(log, 'data');
  };
  return { app, port: (app.server.address() as AddressInfo).port, logged, waitForLog };
}

it('tells a keep-alive client whose next request comes after the drain 503, instead of closing the connection under it', async () => {
  const { app, port, logged, waitForLog } = await startApp(5_000);
  expect(await get(port)).toEqual({ status: 200, connection: 'keep-alive' });
  const closed = app.close();
  // Nothing was in flight: the drain is over at once, and the client asks again after it.
  await waitForLog('shutting down: requests drained');
  expect(await get(port)).toEqual({ status: 503, connection: 'close' });
  await closed;
  // The 503 closed the last connection, so the server did not wait out the grace to close it itself.
  expect(logged('closing the connections still idle')).toBe(false);
});

it('without a grace, a request on an idle connection after the close meets no server (what the grace prevents)', async () => {
  const { app, port } = await startApp();
  expect((await get(port)).status).toBe(200);
  await app.close();
  await expect(get(port)).rejects.toThrow();
});
