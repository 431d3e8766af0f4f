import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PREVIEW_HEADER, type PreviewResponse } from '@linkhunt/contracts/platform';
import type { HealthResponse } from '@linkhunt/contracts/platform-health';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildShellServer } from '../../app.ts';
import { addCredential } from '../../lib/platform/credentials.ts';
import { testShellOptions } from '../../test-shell-options.ts';

const CDN = 'http://127.0.0.1:9';
const base = Object.fromEntries(['mf-catalogue', 'mf-product', 'mf-search', 'mf-account', 'mf-admin'].map((id) => [id, { entry: `${CDN}/${id}/v1/remoteEntry.js` }])) as RemotesManifest;
const PRODUCT = base['mf-product'].entry;

let dir: string;
let app: FastifyInstance;
let url: string;
let secret: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shell-health-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'config.json'), JSON.stringify({ apiUrl: 'http://127.0.0.1:9' }));
  await writeFile(join(dir, 'remotes.json'), JSON.stringify(base));
  const options = testShellOptions(dir, new URL('./manifest-echo.test-worker.mjs', import.meta.url));
  app = await buildShellServer({ ...options, platform: { ...options.platform, beaconsPerMinute: 5 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  secret = await addCredential(join(dir, 'platform-state'), 'ci', ['*']);
});
afterEach(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const beacon = (body: unknown) => fetch(`${url}/_platform/beacons`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const productHealth = async () => {
  const answer = (await (await fetch(`${url}/_platform/health`, { headers: { authorization: `Bearer ${secret}` } })).json()) as HealthResponse;
  return answer.remotes.find(({ remote }) => remote === 'mf-product');
};

describe('remote health', () => {
  it('counts the views of a remote’s pages and the failures browsers beacon for the version they were given', async () => {
    expect((await fetch(`${url}/_platform/health`)).status).toBe(401);
    for (let n = 0; n < 4; n++) await fetch(`${url}/es/product/p-${n}`);
    await fetch(`${url}/es/index`);
    expect((await beacon({ remote: 'mf-product', entry: PRODUCT, kind: 'render' })).status).toBe(204);
    expect((await beacon({ remote: 'mf-product', entry: PRODUCT, kind: 'load' })).status).toBe(204);
    expect(await productHealth()).toEqual({
      remote: 'mf-product',
      entry: PRODUCT,
      versions: [{ entry: PRODUCT, since: expect.any(String), views: 4, clientErrors: { load: 1, render: 1 }, serverFailures: 0, errorRate: 0.5 }],
    });
  });

  it('refuses a beacon for a version never served, an unknown remote, a malformed or oversize body, and a flood', async () => {
    await fetch(`${url}/es/product/p`);
    const unknown = await beacon({ remote: 'mf-product', entry: `${CDN}/made-up/remoteEntry.js`, kind: 'render' });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ error: 'unknown_version' });
    expect((await beacon({ remote: 'mf-nope', entry: PRODUCT, kind: 'render' })).status).toBe(400);
    expect((await beacon({ remote: 'mf-product', entry: PRODUCT, kind: 'crash' })).status).toBe(400);
    expect((await beacon({ remote: 'mf-product', entry: PRODUCT, kind: 'render', extra: 1 })).status).toBe(400);
    expect((await fetch(`${url}/_platform/beacons`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"remote":' })).status).toBe(400);
    expect((await beacon({ remote: 'mf-product', entry: `${CDN}/${'x'.repeat(3_000)}`, kind: 'render' })).status).toBe(413);
    // Five a minute per address here; the refused ones above count too.
    const statuses = [];
    for (let n = 0; n < 8; n++) statuses.push((await beacon({ remote: 'mf-product', entry: PRODUCT, kind: 'render' })).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await productHealth())?.versions[0]?.clientErrors.render).toBeLessThanOrEqual(5);
  });

  it('leaves a preview’s pages and beacons out: a preview is not a version visitors get', async () => {
    const issued = await fetch(`${url}/_platform/previews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ remotes: { 'mf-product': { entry: `${CDN}/mf-product/v2/remoteEntry.js` } } }),
    });
    const { token } = (await issued.json()) as PreviewResponse;
    for (let n = 0; n < 3; n++) await fetch(`${url}/es/product/p-${n}`, { headers: { [PREVIEW_HEADER]: token } });
    expect((await beacon({ remote: 'mf-product', entry: `${CDN}/mf-product/v2/remoteEntry.js`, kind: 'render' })).status).toBe(422);
    expect((await productHealth())?.versions).toEqual([]);
  });
});
