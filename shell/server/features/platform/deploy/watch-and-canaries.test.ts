import { readFile } from 'node:fs/promises';
import { CANARY_HEADER, type DeployResponse, type HistoryLine, type HistoryResponse } from '@linkhunt/contracts/platform';
import type { RemotesManifest } from '@linkhunt/contracts/remotes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeploySite } from './test-deploy-site.ts';

let site: DeploySite;
beforeEach(async () => {
  site = await DeploySite.start();
});
afterEach(() => site.close());

async function call(method: string, path: string, body?: unknown, token: string = site.tokens.ci) {
  const response = await fetch(`${site.base}/_platform${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as DeployResponse & { error?: string; message?: string } };
}
const remotesFile = async () => JSON.parse(await readFile(site.remotesPath, 'utf8')) as RemotesManifest;
const history = async () => ((await (await fetch(`${site.base}/_platform/history`, { headers: { authorization: `Bearer ${site.tokens.ci}` } })).json()) as HistoryResponse).lines;
/** A visitor's product page: the mf-product entry it was rendered with, and whether it was the canary. */
async function visit(n: number, cookie = ''): Promise<{ entry: string | undefined; canary: boolean; cookie: string }> {
  const answer = await fetch(`${site.base}/es/product/p-${n}`, { headers: { cookie } });
  const manifest = JSON.parse(/<pre id="manifest">(.*)<\/pre>/.exec(await answer.text())?.[1] ?? '{}') as RemotesManifest;
  return { entry: manifest['mf-product']?.entry, canary: answer.headers.get(CANARY_HEADER) === 'mf-product', cookie: cookie || ((answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '') };
}

describe('the health watch after a deploy', () => {
  it('rolls back, inside the window, a version that passed its checks and throws in render with visitors', async () => {
    const v1 = site.buildUrl('mf-product/v1');
    await site.build('mf-product/throws-in-render', 'mf-product');
    const bad = site.buildUrl('mf-product/throws-in-render');
    expect((await call('POST', '/deploys', { remote: 'mf-product', entry: bad })).status).toBe(200);
    await vi.waitFor(async () => expect((await visit(0)).entry).toBe(bad));
    // Every page of the new version fails on the server; at 20 views (the minimum sample) the watch acts.
    await vi.waitFor(
      async () => {
        for (let n = 0; n < 5; n++) await visit(n);
        expect((await remotesFile())['mf-product']).toEqual({ entry: v1 });
      },
      { timeout: 10_000 },
    );
    const [rolledBack] = await history();
    expect(rolledBack).toMatchObject({ by: 'health watch', action: 'rollback', remote: 'mf-product', from: { entry: bad }, to: { entry: v1 } });
    expect(rolledBack?.reason).toMatch(/^0 client errors and \d+ server failures in \d+ views, over the 0\.05 error rate$/);
    await vi.waitFor(async () => expect((await visit(99)).entry).toBe(v1));
    const health = await (await fetch(`${site.base}/_platform/health`, { headers: { authorization: `Bearer ${site.tokens.ci}` } })).json();
    expect(health).toMatchObject({ thresholds: { maxErrorRate: 0.05, minViews: 20 } });
  });

  it('lets a healthy version be, however many pages it serves', async () => {
    await site.build('mf-product/v2', 'mf-product');
    const v2 = site.buildUrl('mf-product/v2');
    expect((await call('POST', '/deploys', { remote: 'mf-product', entry: v2 })).status).toBe(200);
    await vi.waitFor(async () => expect((await visit(0)).entry).toBe(v2));
    for (let n = 0; n < 40; n++) await visit(n);
    expect((await remotesFile())['mf-product']).toEqual({ entry: v2 });
    expect((await history()).filter(({ action }) => action === 'rollback')).toEqual([]);
  });
});

describe('canaries', () => {
  it('start after the deploy checks, change percentage without them, are scoped to the team, and end when aborted', async () => {
    const v1 = site.buildUrl('mf-product/v1');
    await site.build('mf-product/v2', 'mf-product');
    const v2 = site.buildUrl('mf-product/v2');
    expect((await call('POST', '/canaries', { remote: 'mf-catalogue', entry: site.buildUrl('mf-catalogue/v1'), percent: 10 }, site.tokens.product)).status).toBe(403);
    const refused = await call('POST', '/canaries', { remote: 'mf-product', entry: `${site.cdnOrigin}/elsewhere/remoteEntry.js`, percent: 10 });
    expect(refused.status).toBe(422);
    expect(await remotesFile()).toMatchObject({ 'mf-product': { entry: v1 } });

    const started = await call('POST', '/canaries', { remote: 'mf-product', entry: v2, percent: 10 }, site.tokens.product);
    expect(started.status).toBe(200);
    expect(started.body.checks.map(({ check }) => check)).toEqual(['allowlisted', 'reachable', 'manifest-name', 'exposes', 'shared', 'smoke-render', 'new-build']);
    expect((await remotesFile())['mf-product']).toEqual({ entry: v1, canary: { entry: v2, percent: 10 } });
    const raised = await call('POST', '/canaries', { remote: 'mf-product', entry: v2, percent: 100 });
    expect(raised.body.checks).toEqual([]);
    expect((await remotesFile())['mf-product']).toEqual({ entry: v1, canary: { entry: v2, percent: 100 } });
    const inside = await visit(1);
    expect(inside).toMatchObject({ entry: v2, canary: true });

    const aborted = await call('DELETE', '/canaries/mf-product', undefined, site.tokens.product);
    expect(aborted.status).toBe(200);
    expect((await remotesFile())['mf-product']).toEqual({ entry: v1 });
    expect(await visit(2, inside.cookie)).toMatchObject({ entry: v1, canary: false });
    expect((await call('DELETE', '/canaries/mf-product')).body.error).toBe('no_canary');
    const lines: HistoryLine[] = await history();
    expect(lines.slice(0, 3).map(({ action, percent }) => [action, percent])).toEqual([
      ['canary-abort', undefined],
      ['canary', 100],
      ['canary', 10],
    ]);
    // Canary lines are no version everyone ran: a rollback never goes to one, and no hand edit is imagined.
    expect(lines.filter(({ action }) => action === 'hand-edit').length).toBe(5);
  });

  it('is aborted by the health watch when its visitors’ pages fail, and a deploy of its entry promotes it', async () => {
    const v1 = site.buildUrl('mf-product/v1');
    await site.build('mf-product/throws-in-render', 'mf-product');
    const bad = site.buildUrl('mf-product/throws-in-render');
    expect((await call('POST', '/canaries', { remote: 'mf-product', entry: bad, percent: 100 })).status).toBe(200);
    await vi.waitFor(
      async () => {
        for (let n = 0; n < 5; n++) await visit(n, 'linkhunt_bucket=visitor-0001');
        expect((await remotesFile())['mf-product']).toEqual({ entry: v1 });
      },
      { timeout: 10_000 },
    );
    expect((await history())[0]).toMatchObject({ by: 'health watch', action: 'canary-abort', from: { entry: bad }, to: { entry: v1 } });

    await site.build('mf-product/v3', 'mf-product');
    const v3 = site.buildUrl('mf-product/v3');
    expect((await call('POST', '/canaries', { remote: 'mf-product', entry: v3, percent: 50 })).status).toBe(200);
    expect((await call('POST', '/deploys', { remote: 'mf-product', entry: v3 })).status).toBe(200);
    expect((await remotesFile())['mf-product']).toEqual({ entry: v3 });
  });
});
