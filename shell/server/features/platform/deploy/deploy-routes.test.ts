import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckResult, DeployResponse, HistoryLine, HistoryResponse, RemotesResponse } from '@linkhunt/contracts/platform';
import { REMOTE_IDS, type RemoteId, type RemotesManifest } from '@linkhunt/contracts/remotes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeploySite } from './test-deploy-site.ts';
import { type BuildShape, matchingShared } from './test-builds.ts';

let site: DeploySite;
beforeEach(async () => {
  site = await DeploySite.start();
});
afterEach(() => site.close());

/** `token` null: no Authorization header. */
async function post(path: string, body: unknown, token: string | null = site.tokens.ci, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.base}/_platform${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}
const deploy = (body: Record<string, unknown>, token?: string | null) => post('/deploys', body, token);
const rollback = (body: Record<string, unknown>, token?: string | null) => post('/rollbacks', body, token);
async function historyLines(query = ''): Promise<HistoryLine[]> {
  const response = await fetch(`${site.base}/_platform/history${query}`, { headers: { authorization: `Bearer ${site.tokens.ci}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as HistoryResponse).lines;
}

/** Waits until a page rendered by the shell server shows `entry` for `remote`; resolves with how long that took. */
async function liveWithin(remote: RemoteId, entry: string, ms: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const html = await (await fetch(`${site.base}/es/index`)).text();
    const match = /<pre id="manifest">(.*)<\/pre>/.exec(html);
    const manifest = match?.[1] ? (JSON.parse(match[1]) as RemotesManifest) : undefined;
    if (manifest?.[remote].entry === entry) return performance.now() - started;
    if (performance.now() - started > ms) throw new Error(`${remote} did not render with ${entry} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('preflight refusals', () => {
  const react = (change: Partial<ReturnType<typeof matchingShared>[number]>) => matchingShared().map((dependency) => (dependency.name === 'react' ? { ...dependency, ...change } : dependency));
  const cases: { name: string; check: CheckResult['check']; reason: RegExp; shape?: BuildShape; entry?: () => string; ssrEntry?: () => string; path?: string }[] = [
    { name: 'an entry off the allowlist', check: 'allowlisted', reason: /is not under an allowlisted prefix/, entry: () => `${site.cdnOrigin}/elsewhere/remoteEntry.js` },
    { name: 'a server entry off the allowlist', check: 'allowlisted', reason: /elsewhere\/remoteEntry\.ssr\.js is not under an allowlisted prefix/, ssrEntry: () => `${site.cdnOrigin}/elsewhere/remoteEntry.ssr.js` },
    { name: 'an entry that is no URL', check: 'allowlisted', reason: /"remoteEntry\.js" is not an absolute http\(s\) URL/, entry: () => 'remoteEntry.js' },
    { name: 'a build without its server entry', check: 'reachable', reason: /remoteEntry\.ssr\.js answered 404/, shape: { omit: ['remoteEntry.ssr.js'] } },
    { name: 'a build without mf-manifest.json', check: 'reachable', reason: /mf-manifest\.json answered 404/, shape: { omit: ['mf-manifest.json'] } },
    { name: "another remote's build", check: 'manifest-name', reason: /names "mf_search", not mf-product's scope "mf_product"/, shape: { name: 'mf_search' } },
    { name: 'a build missing a declared page', check: 'exposes', reason: /does not expose \.\/ProductPage/, shape: { exposes: ['./lifecycles'] } },
    { name: 'a dependency the shell does not provide', check: 'shared', reason: /shares lodash, which the shell does not provide/, shape: { shared: [...matchingShared(), { name: 'lodash', version: '4.17.21', requiredVersion: '^4.17.0', singleton: true }] } },
    { name: 'a range the shell does not satisfy', check: 'shared', reason: /needs react@\^18\.2\.0; the shell provides 19\./, shape: { shared: react({ requiredVersion: '^18.2.0' }) } },
    { name: 'a build made against a version outside the shell range', check: 'shared', reason: /made with react@18\.3\.1, outside the shell's range/, shape: { shared: react({ version: '18.3.1', requiredVersion: '>=18' }) } },
    { name: 'a shared dependency that is no singleton', check: 'shared', reason: /shares react without singleton: true/, shape: { shared: react({ singleton: false }) } },
    { name: 'a page that throws in the smoke render', check: 'smoke-render', reason: /\/es\/product\/smoke-check did not render on the server: .*the page threw/, path: 'mf-product/render-fails' },
  ];

  it.each(cases)('$name is refused by the $check check, naming its reason, and remotes.json is byte-identical', async ({ check, reason, shape, entry, ssrEntry, path = 'mf-product/bad' }) => {
    await site.build(path, 'mf-product', shape);
    const before = await readFile(site.remotesPath);
    const linesBefore = await historyLines();
    const response = await deploy({ remote: 'mf-product', entry: entry?.() ?? site.buildUrl(path), ssrEntry: ssrEntry?.() }, site.tokens.product);
    expect(response.status).toBe(422);
    expect(response.body.error).toBe('preflight_failed');
    expect(response.body.message).toMatch(reason);
    const checks = response.body.checks as CheckResult[];
    expect(checks.at(-1)).toMatchObject({ check, ok: false });
    expect(checks.at(-1)?.reason).toMatch(reason);
    expect(checks.slice(0, -1).every((result) => result.ok)).toBe(true);
    expect(await readFile(site.remotesPath)).toEqual(before);
    expect(await historyLines()).toEqual(linesBefore);
  });

  it('an entry URL that held another build before is refused by the new-build check', async () => {
    await site.build('mf-product/v2', 'mf-product', { marker: 'first' });
    expect((await deploy({ remote: 'mf-product', entry: site.buildUrl('mf-product/v2') })).status).toBe(200);
    expect((await deploy({ remote: 'mf-product', entry: site.buildUrl('mf-product/v1') })).status).toBe(200);
    // The same URL, overwritten in place with another build.
    await site.build('mf-product/v2', 'mf-product', { marker: 'second' });
    const before = await readFile(site.remotesPath);
    const response = await deploy({ remote: 'mf-product', entry: site.buildUrl('mf-product/v2') });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/refused by the new-build check: .*v2\/remoteEntry\.js was deployed before .* as another build .*: a new build needs a new URL/);
    expect(await readFile(site.remotesPath)).toEqual(before);
  });
});

describe('deploys', () => {
  it('a valid deploy is live within 1 s, with its history line', async () => {
    await site.build('mf-product/v2', 'mf-product');
    const response = await deploy({ remote: 'mf-product', entry: site.buildUrl('mf-product/v2') }, site.tokens.product);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await liveWithin('mf-product', site.buildUrl('mf-product/v2'), 1_000);
    const { entry, checks } = response.body as unknown as DeployResponse;
    expect(checks.map((result) => result.check)).toEqual(['allowlisted', 'reachable', 'manifest-name', 'exposes', 'shared', 'smoke-render', 'new-build']);
    expect(entry).toMatchObject({ by: 'product-team', action: 'deploy', remote: 'mf-product', from: { entry: site.buildUrl('mf-product/v1') }, to: { entry: site.buildUrl('mf-product/v2') } });
    expect(entry?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect((await historyLines('?remote=mf-product'))[0]).toEqual(entry);
    // The other remotes are as they were.
    const written = JSON.parse(await readFile(site.remotesPath, 'utf8')) as RemotesManifest;
    expect(written['mf-search'].entry).toBe(site.buildUrl('mf-search/v1'));
  });

  it('a dry run runs every check and writes and records nothing', async () => {
    await site.build('mf-product/v2', 'mf-product');
    const before = await readFile(site.remotesPath);
    const linesBefore = await historyLines();
    const response = await deploy({ remote: 'mf-product', entry: site.buildUrl('mf-product/v2'), dryRun: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ dryRun: true });
    expect(response.body.entry).toBeUndefined();
    expect((response.body.checks as CheckResult[]).every((result) => result.ok)).toBe(true);
    expect(await readFile(site.remotesPath)).toEqual(before);
    expect(await historyLines()).toEqual(linesBefore);
  });

  it('two deploys of different remotes at once both land', async () => {
    await site.build('mf-product/v2', 'mf-product');
    await site.build('mf-search/v2', 'mf-search');
    const [product, search] = await Promise.all([
      deploy({ remote: 'mf-product', entry: site.buildUrl('mf-product/v2') }),
      deploy({ remote: 'mf-search', entry: site.buildUrl('mf-search/v2'), ssrEntry: `${site.cdnOrigin}/builds/mf-search/v2/remoteEntry.ssr.js` }),
    ]);
    expect([product.status, search.status]).toEqual([200, 200]);
    const written = JSON.parse(await readFile(site.remotesPath, 'utf8')) as RemotesManifest;
    expect(written['mf-product']).toEqual({ entry: site.buildUrl('mf-product/v2') });
    expect(written['mf-search']).toEqual({ entry: site.buildUrl('mf-search/v2'), ssrEntry: `${site.cdnOrigin}/builds/mf-search/v2/remoteEntry.ssr.js` });
    await liveWithin('mf-search', site.buildUrl('mf-search/v2'), 1_000);
    // The watch for hand edits, seen to run after both, took neither for one.
    written['mf-admin'] = { entry: 'https://cdn.example/mf-admin/hotfix/remoteEntry.js' };
    await writeFile(site.remotesPath, JSON.stringify(written));
    await expect.poll(async () => (await historyLines('?limit=1'))[0]?.remote, { timeout: 2_000, interval: 25 }).toBe('mf-admin');
    expect((await historyLines()).map((line) => line.action)).toEqual(['hand-edit', 'deploy', 'deploy', ...REMOTE_IDS.map(() => 'hand-edit')]);
  });

  it("a team's credential cannot deploy another team's remote; none or a wrong one is unauthorised", async () => {
    await site.build('mf-search/v2', 'mf-search');
    const before = await readFile(site.remotesPath);
    const forbidden = await deploy({ remote: 'mf-search', entry: site.buildUrl('mf-search/v2') }, site.tokens.product);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'forbidden', message: 'The credential "product-team" may not act on mf-search; it is for mf-product.' });
    expect((await rollback({ remote: 'mf-search' }, site.tokens.product)).status).toBe(403);
    expect((await deploy({ remote: 'mf-search', entry: site.buildUrl('mf-search/v2') }, null)).body.error).toBe('unauthorized');
    expect((await deploy({ remote: 'mf-search', entry: site.buildUrl('mf-search/v2') }, 'lhp_not-a-secret')).status).toBe(401);
    expect((await fetch(`${site.base}/_platform/history`)).status).toBe(401);
    expect(await readFile(site.remotesPath)).toEqual(before);
  });
});

describe('history and rollback', () => {
  it('records the remotes.json the server first sees, and a hand edit, as hand edits', async () => {
    const first = await historyLines();
    expect(first).toHaveLength(REMOTE_IDS.length);
    expect(first.every((line) => line.action === 'hand-edit' && line.by === 'hand edit' && line.from === null)).toBe(true);
    const manifest = JSON.parse(await readFile(site.remotesPath, 'utf8')) as RemotesManifest;
    manifest['mf-admin'] = { entry: 'https://cdn.example/mf-admin/hotfix/remoteEntry.js' };
    await writeFile(site.remotesPath, JSON.stringify(manifest));
    await expect.poll(async () => (await historyLines('?remote=mf-admin&limit=1'))[0], { timeout: 2_000, interval: 25 }).toMatchObject({
      action: 'hand-edit',
      by: 'hand edit',
      from: { entry: site.buildUrl('mf-admin/v1') },
      to: { entry: 'https://cdn.example/mf-admin/hotfix/remoteEntry.js' },
    });
    expect(await historyLines()).toHaveLength(REMOTE_IDS.length + 1);
  });

  it('a rollback is live within 1 s with its history line; the versions of it can be named by id or URL', async () => {
    await site.build('mf-product/v2', 'mf-product');
    const deployed = (await deploy({ remote: 'mf-product', entry: site.buildUrl('mf-product/v2') })).body as unknown as DeployResponse;
    await liveWithin('mf-product', site.buildUrl('mf-product/v2'), 1_000);
    const back = await rollback({ remote: 'mf-product' }, site.tokens.product);
    expect(back.status).toBe(200);
    await liveWithin('mf-product', site.buildUrl('mf-product/v1'), 1_000);
    const line = (back.body as unknown as DeployResponse).entry;
    expect(line).toMatchObject({ action: 'rollback', by: 'product-team', from: { entry: site.buildUrl('mf-product/v2') }, to: { entry: site.buildUrl('mf-product/v1') } });
    expect((line?.checks ?? []).map((result) => result.ok)).toEqual([true, true, true, true, true, true, true]);
    expect((await historyLines('?remote=mf-product&limit=1'))[0]).toEqual(line);
    // Forward again, by the deploy's history id; then by URL.
    expect((await rollback({ remote: 'mf-product', to: deployed.entry?.id })).body.entry).toMatchObject({ to: { entry: site.buildUrl('mf-product/v2') } });
    expect((await rollback({ remote: 'mf-product', to: site.buildUrl('mf-product/v1') })).body.entry).toMatchObject({ to: { entry: site.buildUrl('mf-product/v1') } });
    const already = await rollback({ remote: 'mf-product', to: site.buildUrl('mf-product/v1') });
    expect(already).toMatchObject({ status: 409, body: { error: 'already_current' } });
  });

  it('a rollback to a version whose files are gone is refused, and remotes.json is byte-identical', async () => {
    await site.build('mf-product/v2', 'mf-product');
    expect((await deploy({ remote: 'mf-product', entry: site.buildUrl('mf-product/v2') })).status).toBe(200);
    await rm(join(site.dir, 'cdn', 'builds', 'mf-product', 'v1'), { recursive: true });
    const before = await readFile(site.remotesPath);
    const response = await rollback({ remote: 'mf-product' });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/refused by the reachable check: .*v1\/remoteEntry\.js answered 404/);
    expect(await readFile(site.remotesPath)).toEqual(before);
    expect((await historyLines('?remote=mf-product&limit=1'))[0]?.action).toBe('deploy');
  });

  it('the history survives a new server on the same state folder, and GET /remotes shows each remote with its last line', async () => {
    await site.build('mf-product/v2', 'mf-product');
    expect((await deploy({ remote: 'mf-product', entry: site.buildUrl('mf-product/v2') })).status).toBe(200);
    const lines = await historyLines();
    await site.restartShell();
    expect(await historyLines()).toEqual(lines);
    const response = await fetch(`${site.base}/_platform/remotes`, { headers: { authorization: `Bearer ${site.tokens.product}` } });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { remotes } = (await response.json()) as RemotesResponse;
    expect(remotes.map((remote) => remote.remote)).toEqual(REMOTE_IDS);
    expect(remotes.find((remote) => remote.remote === 'mf-product')).toMatchObject({ entry: site.buildUrl('mf-product/v2'), last: lines[0] });
    // And a rollback still knows the version before.
    expect((await rollback({ remote: 'mf-product' })).body.entry).toMatchObject({ to: { entry: site.buildUrl('mf-product/v1') } });
  });

  it('a rollback with nothing to return to, or to a version the remote never ran, is refused with its reason', async () => {
    expect(await rollback({ remote: 'mf-product' })).toMatchObject({ status: 409, body: { error: 'no_previous_version' } });
    const searchLine = (await historyLines('?remote=mf-search'))[0];
    expect(await rollback({ remote: 'mf-product', to: searchLine?.id })).toMatchObject({ status: 404, body: { error: 'unknown_version' } });
    expect(await rollback({ remote: 'mf-product', to: site.buildUrl('mf-search/v1') })).toMatchObject({ status: 404, body: { error: 'unknown_version' } });
  });
});

describe('bad requests', () => {
  const bodies: [string, unknown][] = [
    ['no body', ''],
    ['not JSON', '{"remote":'],
    ['an array', '[]'],
    ['an unknown remote', { remote: 'mf-evil', entry: 'http://127.0.0.1/x.js' }],
    ['no entry', { remote: 'mf-product' }],
    ['an entry of the wrong type', { remote: 'mf-product', entry: { url: 'http://127.0.0.1/x.js' } }],
    ['an empty entry', { remote: 'mf-product', entry: '' }],
    ['a huge entry', { remote: 'mf-product', entry: `http://127.0.0.1/${'a'.repeat(5000)}` }],
    ['a field no schema names', { remote: 'mf-product', entry: 'http://127.0.0.1/x.js', force: true }],
    ['dryRun of the wrong type', { remote: 'mf-product', entry: 'http://127.0.0.1/x.js', dryRun: 'yes' }],
  ];
  it.each(bodies)('a deploy with %s is a 400 with a code and a message', async (_name, body) => {
    const response = await deploy(body as Record<string, unknown>);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_request', message: expect.any(String) });
  });

  it('malformed entries, queries and media types are refused without a 500', async () => {
    for (const entry of ['not a url', 'javascript:alert(1)', 'file:///etc/passwd', `${site.cdnOrigin}/builds/../../etc/remoteEntry.js`]) {
      const response = await deploy({ remote: 'mf-product', entry });
      expect(response.status, entry).toBe(422);
      expect((response.body.checks as CheckResult[])[0]?.check).toBe('allowlisted');
    }
    expect(await post('/deploys', 'remote=mf-product', site.tokens.ci, { 'content-type': 'text/plain' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await post('/deploys', '<remote/>', site.tokens.ci, { 'content-type': 'application/xml' })).toMatchObject({ status: 415, body: { error: 'invalid_request' } });
    expect((await rollback({ remote: 'mf-product', to: { id: 'x' } })).status).toBe(400);
    for (const query of ['?limit=abc', '?limit=0', '?limit=100000', '?remote=mf-evil']) {
      const response = await fetch(`${site.base}/_platform/history${query}`, { headers: { authorization: `Bearer ${site.tokens.ci}` } });
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
    }
  });
});
