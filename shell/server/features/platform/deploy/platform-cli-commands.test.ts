import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { credentialOf } from '../../../lib/platform/credentials.ts';
import { runPlatformCli } from './platform-cli-commands.ts';
import { DeploySite } from './test-deploy-site.ts';

let site: DeploySite;
beforeEach(async () => {
  site = await DeploySite.start();
});
afterEach(() => site.close());

/** Runs the CLI against the site's shell server with `token`; its exit code and what it printed. */
async function cli(args: string[], token: string | undefined = site.tokens.ci, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPlatformCli(args, {
    env: { LINKHUNT_SHELL_URL: site.base, LINKHUNT_PLATFORM_TOKEN: token, ...env },
    out: (line) => void out.push(line),
    err: (line) => void err.push(line),
    defaultStateDir: site.stateDir,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the platform CLI', () => {
  it('deploys, lists the history and rolls back', async () => {
    await site.build('mf-product/v2', 'mf-product');
    const dry = await cli(['deploy', 'mf-product', site.buildUrl('mf-product/v2'), '--dry-run']);
    expect(dry).toMatchObject({ code: 0, out: expect.stringContaining('dry run: every check passed') });
    const deployed = await cli(['deploy', 'mf-product', site.buildUrl('mf-product/v2')], site.tokens.product);
    expect(deployed.code).toBe(0);
    expect(deployed.out).toContain(`deployed: mf-product now runs ${site.buildUrl('mf-product/v2')} (was ${site.buildUrl('mf-product/v1')}`);
    expect(deployed.out).toContain('ok      new-build');
    expect(JSON.parse(await readFile(site.remotesPath, 'utf8'))['mf-product'].entry).toBe(site.buildUrl('mf-product/v2'));
    const history = await cli(['history', 'mf-product', '--limit', '1']);
    expect(history.out.split('\n')).toHaveLength(1);
    expect(history.out).toMatch(/deploy\s+mf-product\s+product-team: /);
    const back = await cli(['rollback', 'mf-product']);
    expect(back).toMatchObject({ code: 0, out: expect.stringContaining(`rolled back: mf-product now runs ${site.buildUrl('mf-product/v1')}`) });
  });

  it('exits 1 with the reason on a refusal, and 2 when misused', async () => {
    await site.build('mf-product/other', 'mf-search');
    const refused = await cli(['deploy', 'mf-product', site.buildUrl('mf-product/other')]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('refused (preflight_failed): refused by the manifest-name check: mf-manifest.json names "mf_search"');
    expect(refused.err).toContain('REFUSED manifest-name');
    const forbidden = await cli(['rollback', 'mf-search'], site.tokens.product);
    expect(forbidden).toMatchObject({ code: 1, err: 'refused (forbidden): The credential "product-team" may not act on mf-search; it is for mf-product.' });
    expect(await cli(['history'], '')).toMatchObject({ code: 2, err: expect.stringContaining('set LINKHUNT_PLATFORM_TOKEN') });
    expect((await cli(['deploy', 'mf-nope', 'https://x.example/remoteEntry.js'])).err).toContain('"mf-nope" is no remote');
    expect((await cli(['deploy', 'mf-product', '--bogus'])).code).toBe(2);
    expect((await cli(['launch'])).code).toBe(2);
    expect(await cli(['history'], site.tokens.ci, { LINKHUNT_SHELL_URL: 'http://127.0.0.1:9' })).toMatchObject({ code: 1, err: expect.stringContaining('cannot be reached') });
  });

  it('runs a canary, reads the health, aborts the canary, and makes a preview link', async () => {
    await site.build('mf-product/v2', 'mf-product');
    const v2 = site.buildUrl('mf-product/v2');
    const canary = await cli(['canary', 'mf-product', v2, '25'], site.tokens.product);
    expect(canary).toMatchObject({ code: 0, out: expect.stringContaining(`canary: 25 % of visitors get ${v2} of mf-product`) });
    const health = await cli(['health']);
    expect(health.out).toContain('thresholds: error rate over 0.05 in at least 20 views');
    expect(health.out).toContain(`mf-product: ${site.buildUrl('mf-product/v1')}; canary 25 % ${v2}; watching ${v2} until `);
    expect(await cli(['canary-abort', 'mf-product'])).toMatchObject({ code: 0, out: expect.stringContaining(`everyone runs ${site.buildUrl('mf-product/v1')} of mf-product`) });
    expect((await cli(['canary-abort', 'mf-product'])).err).toBe('refused (no_canary): mf-product has no canary running');
    const preview = await cli(['preview', 'mf-product', v2, '--ttl-seconds', '600']);
    expect(preview.code).toBe(0);
    const [said, link] = preview.out.split('\n');
    expect(said).toMatch(/^preview of mf-product until \d{4}-\d\d-\d\dT/);
    expect(link).toMatch(/^http:\/\/localhost:5000\/_preview\?token=[\w.%-]+$/);
    expect(preview.out).toContain('or send the header x-linkhunt-preview: ');
  });

  it('makes a credential in the state folder and prints its secret once', async () => {
    const made = await cli(['credential', 'search-team', 'mf-search', 'mf-catalogue']);
    expect(made.code).toBe(0);
    const secret = made.out.split('\n')[1] ?? '';
    expect(await credentialOf(site.stateDir, secret)).toMatchObject({ name: 'search-team', remotes: ['mf-search', 'mf-catalogue'] });
    expect((await cli(['history'], secret)).code).toBe(0);
    expect((await cli(['credential', 'x', 'mf-nope'])).code).toBe(2);
    expect((await cli(['credential', 'bad name!', 'all'])).err).toContain("a credential's name is letters");
  });
});
