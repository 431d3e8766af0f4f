import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_IDS, type RemoteId } from '@linkhunt/contracts/remotes';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from '../../../app.ts';
import { serveStatic } from '../../../lib/static-site/static-site.mjs';
import { testShellOptions } from '../../../test-shell-options.ts';
import { addCredential } from '../../../lib/platform/credentials.ts';
import { type BuildShape, writeBuild } from './test-builds.ts';

const portOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/**
 * A site to deploy to, all on loopback: a static host ("the CDN", serving built remotes under /builds/) with a
 * v1 build of every remote, and a real shell server on a made-up built shell whose remotes.json names those v1s.
 * Its pages come from deploy.test-worker.mjs (they show the remotes.json their worker renders with; a build in a
 * folder `render-fails` makes them report a render error), and its allowlist is the CDN's /builds/.
 * Two credentials: "product-team" (mf-product) and "ci" (all).
 */
export class DeploySite {
  tokens = { product: '', ci: '' };
  base = '';
  private shell: FastifyInstance | undefined;

  private constructor(
    readonly dir: string,
    private readonly cdn: FastifyInstance,
  ) {}

  static async start(): Promise<DeploySite> {
    const dir = await mkdtemp(join(tmpdir(), 'shell-deploy-'));
    await mkdir(join(dir, 'cdn'));
    await mkdir(join(dir, 'shell'));
    const site = new DeploySite(dir, await serveStatic({ dir: join(dir, 'cdn'), port: 0 }));
    await Promise.all(REMOTE_IDS.map((remote) => site.build(`${remote}/v1`, remote)));
    await writeFile(join(dir, 'shell', 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    await writeFile(join(dir, 'shell', 'config.json'), JSON.stringify({ apiUrl: 'http://127.0.0.1:9' }));
    const manifest = Object.fromEntries(REMOTE_IDS.map((remote) => [remote, { entry: site.buildUrl(`${remote}/v1`) }]));
    await writeFile(site.remotesPath, JSON.stringify(manifest, null, 2));
    site.tokens = { product: await addCredential(site.stateDir, 'product-team', ['mf-product']), ci: await addCredential(site.stateDir, 'ci', ['*']) };
    await site.startShell();
    return site;
  }

  get cdnOrigin(): string {
    return `http://127.0.0.1:${portOf(this.cdn)}`;
  }

  get stateDir(): string {
    return join(this.dir, 'state');
  }

  get remotesPath(): string {
    return join(this.dir, 'shell', 'remotes.json');
  }

  /** Where the CDN serves the build in /builds/<path>/. */
  buildUrl(path: string): string {
    return `${this.cdnOrigin}/builds/${path}/remoteEntry.js`;
  }

  build(path: string, remote: RemoteId, shape?: BuildShape): Promise<void> {
    return writeBuild(join(this.dir, 'cdn', 'builds', path), remote, shape);
  }

  /** A new shell server on the same folders, as after a restart. */
  async restartShell(): Promise<void> {
    await this.shell?.close();
    await this.startShell();
  }

  async close(): Promise<void> {
    await this.shell?.close();
    await this.cdn.close();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async startShell(): Promise<void> {
    const options = testShellOptions(join(this.dir, 'shell'), new URL('./deploy.test-worker.mjs', import.meta.url), { microCacheMs: 0, watchIntervalMs: 50 });
    this.shell = await buildShellServer({
      ...options,
      platform: { ...options.platform, stateDir: this.stateDir, allowlist: [`${this.cdnOrigin}/builds/`], extraWorkers: 1 },
    });
    await this.shell.listen({ port: 0, host: '127.0.0.1' });
    this.base = `http://127.0.0.1:${portOf(this.shell)}`;
  }
}
