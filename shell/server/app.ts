import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { redactedRequest } from '@linkhunt/contracts/log-redaction';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import { CANARY_HEADER, OVERRIDE_HEADER } from '@linkhunt/contracts/platform';
import type { RemoteId, RemotesManifest } from '@linkhunt/contracts/remotes';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { sitePolicy } from './lib/static-site/content-security-policy.mjs';
import { registerStaticSite } from './lib/static-site/static-site.mjs';
import type { RenderQueueOptions } from './lib/admission/render-queue.ts';
import { hostShareInfo } from '../../shared-ui/federation/shared-deps.ts';
import { registerDeployPlatform } from './features/platform/deploy/deploy-platform.ts';
import { pageRoutes } from './features/render/page-routes.ts';
import { RenderPool } from './features/render/render-pool.ts';
import { sitemapRoutes } from './features/sitemap/routes.ts';
import { originsOf } from './lib/platform/allowlist.ts';
import { previewKey } from './lib/platform/preview-token.ts';
import { previewRoutes } from './features/platform/preview-routes.ts';
import { Previews } from './lib/platform/previews.ts';
import { PlatformAccess } from './lib/platform/platform-access.ts';
import { type HealthThresholds, RemoteHealthCounts } from './lib/platform/remote-health.ts';
import { healthRoutes } from './features/platform/health-routes.ts';
import { balancerHealthRoute } from './features/balancer-health/health-route.ts';
import { visitorBucket } from './lib/platform/visitor-bucket.ts';
import { canaryRemotes, type VisitorRemotes, visitorRemotes } from './lib/platform/visitor-remotes.ts';
import { smokePaths } from './features/platform/smoke-paths.ts';

/** How long a deploy's scratch worker may take to import the candidate's remotes before the smoke render fails. */
const SMOKE_START_MS = 10_000;

export interface ShellServerOptions {
  /** The shell's built folder (index.html, assets, config.json, remotes.json). */
  distDir: string;
  /** The built render worker. */
  workerFile: URL;
  /** Where workers keep downloaded remote server entries; must sit inside the shell's package (see import-server-entries.ts). */
  cacheDir: string;
  /** Where the server reads the API, when it should not use config.json's public apiUrl. */
  apiUrl?: string;
  budgetMs: number;
  microCacheMs: number;
  /** The render queue: renders at once, waiting, and per client (request.ip). */
  renderQueue: RenderQueueOptions;
  /** The page cache's bound in bytes (bodies and compressed forms). */
  pageCacheBytes: number;
  /** How long an expired page is kept, sent when the renders are busy. */
  staleMs: number;
  /** Reloads per minute per client that render afresh. */
  reloadsPerMinute: number;
  /** Page requests per client handled at once (the rest wait their turn). */
  requestsPerClient: number;
  /** The render worker's heap bound (old generation), in MB; 0 leaves it to V8. */
  workerHeapMb: number;
  watchIntervalMs: number;
  sitemapCacheSeconds: number;
  /** false: no log; else the request log's level (LOG_LEVEL), and where it goes (stdout by default; tests read it). */
  logger: false | { level: string; stream?: { write(line: string): void } };
  /**
   * Proxy addresses or CIDRs (TRUST_PROXY, as on the API) whose X-Forwarded-For is believed for the client's
   * address. Empty: nobody's, the socket's address is the client.
   */
  trustProxy: string[];
  /**
   * A production start: config.json must name the site's public origin (`siteUrl`), or the server refuses to
   * start, since canonical links, og:url and sitemaps would otherwise have no trustworthy origin.
   */
  production: boolean;
  /** The origin of pages when config.json has no siteUrl, outside production: the server's own address. */
  localSiteUrl: string;
  /** The remotes platform: previews, deploys, history (docs/platform.md). */
  platform: PlatformOptions;
}

export interface PlatformOptions {
  /** Credentials, the deploy history and the preview key: kept here, never served (PLATFORM_STATE_DIR). */
  stateDir: string;
  /**
   * URL prefixes a preview or a deploy may name (REMOTE_ALLOWLIST). Empty: the origins of the remotes.json the
   * server starts with, where the remotes are served.
   */
  allowlist: string[];
  /** The key preview tokens are signed with (PREVIEW_SECRET); empty: a random one kept in stateDir. */
  previewSecret: string;
  /** Render workers kept besides the base one, for previews (PREVIEW_WORKERS); the least recently used goes. */
  extraWorkers: number;
  /** An extra worker that rendered nothing for this long is ended (PREVIEW_IDLE_SECONDS). */
  extraIdleMs: number;
  /** When a watched deploy or canary is unhealthy, and how long a watch lasts (docs/platform.md). */
  health: HealthThresholds;
  /** Failure beacons taken per client address per minute (HEALTH_BEACONS_PER_MINUTE). */
  beaconsPerMinute: number;
}

/** A start refused for a reason the operator fixes (a missing setting); main.ts prints only the message. */
export class ShellStartRefused extends Error {}

/** The shell server: the built shell's files, its sitemaps and every page rendered on the server (defaults: main.ts). */
export async function buildShellServer(options: ShellServerOptions): Promise<FastifyInstance> {
  const { distDir } = options;
  const app = Fastify({
    // Request URLs are logged without their secrets: a reset or verify page's address holds its link's token.
    logger: options.logger && { ...options.logger, serializers: { req: redactedRequest } },
    // Forwarded headers only from the proxies named, and then only for the client's address: the page's origin
    // is config.json's siteUrl, never a forwarded or Host header (a CDN would cache a page made with one).
    trustProxy: options.trustProxy.length > 0 ? options.trustProxy : false,
    // A field a schema does not name is refused, not silently dropped (Fastify's default): a deploy naming an
    // unknown remote must fail, not deploy nothing.
    ajv: { customOptions: { removeAdditional: false } },
  });
  // A request in flight when the close begins ends its connection with its answer: left open for keep-alive, the
  // connection held app.close() up until the 72 s keep-alive timeout, past the 10 s main.ts gives the shutdown.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  await app.register(cookie);
  const startRemotes = JSON.parse(await readFile(join(distDir, 'remotes.json'), 'utf8').catch(() => '{}')) as Partial<RemotesManifest>;
  const allowlist = options.platform.allowlist.length > 0 ? options.platform.allowlist : originsOf(Object.values(startRemotes).map((remote) => remote.entry));
  const previews = new Previews(await previewKey(options.platform.stateDir, options.platform.previewSecret), allowlist);
  const health = new RemoteHealthCounts(options.platform.health, (message) => app.log.warn(message));
  const pool = new RenderPool({
    workerFile: options.workerFile,
    distDir,
    cacheDir: options.cacheDir,
    watchIntervalMs: options.watchIntervalMs,
    heapMb: options.workerHeapMb,
    extraWorkers: options.platform.extraWorkers,
    extraIdleMs: options.platform.extraIdleMs,
    log: (message) => app.log.info(message),
  });
  /** The remotes this request's visitor gets (their canaries, their preview); undefined while remotes.json is unread. */
  const remotesOfVisitor = async (request: FastifyRequest, reply: FastifyReply): Promise<VisitorRemotes | undefined> => {
    const base = await pool.baseManifest();
    if (!base) return undefined;
    const bucket = visitorBucket(request, reply, canaryRemotes(base).length > 0, (await siteUrl()).startsWith('https:'));
    return visitorRemotes(base, bucket, previews.of(request));
  };
  // A visitor's browser reads the remotes.json they get: a page rendered in the browser loads their preview and
  // canaries too, and nobody reads another's canary entry. Before the files are registered, whose own route for
  // the file would answer first; a remotes.json without canaries, to a visitor without a preview, is the file.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.url.split('?')[0] !== '/remotes.json') return;
    const visitor = await remotesOfVisitor(request, reply);
    const base = await pool.baseManifest();
    if (!visitor || !base || (!visitor.preview && canaryRemotes(base).length === 0)) return;
    const personal = visitor.preview || visitor.canaries.length > 0;
    if (visitor.preview) reply.header(OVERRIDE_HEADER, visitor.preview.header);
    if (visitor.canaries.length > 0) reply.header(CANARY_HEADER, visitor.canaries.join(', '));
    return reply
      .header('Cache-Control', personal ? 'private, no-store' : 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(visitor.manifest));
  });
  const files = await registerStaticSite(app, { root: distDir, csp: true, wildcard: false });
  const siteConfig = async () => (await files.read('config.json')) as SiteConfig | undefined;
  if (options.production && !(await siteConfig())?.siteUrl) {
    await app.close();
    throw new ShellStartRefused(
      `${distDir}/config.json has no "siteUrl": a production shell server needs the site's public origin there ` +
        '(e.g. "siteUrl": "https://linkhunt.example"), for canonical links, og:url and sitemaps. ' +
        'Set it, or start with NODE_ENV=development to use the server\'s own address.',
    );
  }
  const siteUrl = async () => (await siteConfig())?.siteUrl ?? options.localSiteUrl;
  /** Where this server reads the API (SSR_API_URL, else config.json's). */
  const serverApiUrl = async () => options.apiUrl ?? (await siteConfig())?.apiUrl ?? '';
  await pool.start();
  app.addHook('onClose', () => pool.close());
  /**
   * A deploy's check 6: `remote`'s pages rendered with `manifest` in a scratch worker, as a visitor's would be
   * (this site's configuration and API, the render budget); resolves with why it failed, or undefined.
   */
  const smokeRender = async (manifest: RemotesManifest, remote: RemoteId): Promise<string | undefined> => {
    const config = { ...((await siteConfig()) ?? { apiUrl: 'http://localhost:4000' }), siteUrl: await siteUrl() };
    return pool.smokeRender(manifest, remote, smokePaths(remote), { config, apiUrl: options.apiUrl ?? config.apiUrl, budgetMs: options.budgetMs }, SMOKE_START_MS);
  };

  const access = new PlatformAccess(options.platform.stateDir, serverApiUrl);
  await registerDeployPlatform(app, {
    distDir,
    stateDir: options.platform.stateDir,
    access,
    allowlist,
    // The versions the shell's own node_modules hold: app.ts and the built main.js both sit one folder below the
    // shell's package.
    hostShares: hostShareInfo(new URL('../', import.meta.url)),
    smokeRender,
    watchIntervalMs: options.watchIntervalMs,
    health,
  });
  await app.register(sitemapRoutes, {
    apiUrl: serverApiUrl,
    siteUrl,
    // The addresses pages load pictures from (shared-ui's imageUrl), not the server's own way to the API.
    imageBase: async () => {
      const config = await siteConfig();
      return config?.imageUrl ?? `${config?.apiUrl ?? ''}/images`;
    },
    cacheSeconds: options.sitemapCacheSeconds,
  });
  await app.register(previewRoutes, {
    previews,
    access,
    siteUrl,
    renderWorkers: () => ({ live: pool.liveWorkers, previewCap: options.platform.extraWorkers }),
  });
  await app.register(balancerHealthRoute, { canRender: () => pool.canRender });
  await app.register(healthRoutes, { health, access, baseManifest: () => pool.baseManifest(), beaconsPerMinute: options.platform.beaconsPerMinute });
  await app.register(pageRoutes, {
    pool,
    health,
    visitorRemotes: remotesOfVisitor,
    distDir,
    siteConfig,
    siteUrl,
    policy: async (inline, remotes) => {
      const current = await files.policyFiles();
      return sitePolicy({ config: current.config, remotes: remotes ?? current.remotes }, inline);
    },
    apiUrl: options.apiUrl,
    budgetMs: options.budgetMs,
    microCacheMs: options.microCacheMs,
    queue: options.renderQueue,
    pageCacheBytes: options.pageCacheBytes,
    staleMs: options.staleMs,
    reloadsPerMinute: options.reloadsPerMinute,
    requestsPerClient: options.requestsPerClient,
  });
  return app;
}
