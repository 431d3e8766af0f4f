import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildShellServer } from '../../app.ts';
import { testShellOptions } from '../../test-shell-options.ts';

let dir: string;
let app: FastifyInstance | undefined;
const logged: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shell-balancer-health-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'config.json'), JSON.stringify({ apiUrl: 'http://127.0.0.1:9' }));
  await writeFile(join(dir, 'remotes.json'), '{}');
});

afterEach(async () => {
  await app?.close();
  app = undefined;
  logged.length = 0;
  await rm(dir, { recursive: true, force: true });
});

/** A shell server whose render worker is the stand-in above, logging at info into `logged`; resolves to its origin. */
async function startShell(): Promise<string> {
  app = await buildShellServer(
    testShellOptions(dir, new URL('./health.test-worker.mjs', import.meta.url), {
      logger: { level: 'info', stream: { write: (line) => void logged.push(line) } },
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

it('answers 200 { status: "ok" } once the render worker is ready, never to be cached, without a log line', async () => {
  const base = await startShell();
  const answer = await fetch(`${base}/health`);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ status: 'ok' });
  expect(answer.headers.get('cache-control')).toBe('no-store');
  // A page is logged as usual, so the silence below is the health route's own.
  expect((await fetch(`${base}/es/index`)).status).toBe(200);
  expect(logged.some((line) => line.includes('/es/index'))).toBe(true);
  expect(logged.filter((line) => line.includes('/health'))).toEqual([]);
});

it('is no page: it is not redirected to a language', async () => {
  const base = await startShell();
  const answer = await fetch(`${base}/health`, { redirect: 'manual' });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
});

it('answers 503 while no render worker is ready (the one rendering died, its successor is still starting)', async () => {
  const base = await startShell();
  expect((await fetch(`${base}/health`)).status).toBe(200);
  // The worker started next never becomes ready.
  await writeFile(join(dir, 'hold-ready'), '');
  // The page itself still answers: rendered in the browser instead.
  expect((await fetch(`${base}/es/crash`)).status).toBe(200);
  await expect.poll(async () => (await fetch(`${base}/health`)).status, { timeout: 5_000 }).toBe(503);
  const answer = await fetch(`${base}/health`);
  expect(await answer.json()).toEqual({ status: 'no render worker ready' });
  expect(answer.headers.get('cache-control')).toBe('no-store');
});
