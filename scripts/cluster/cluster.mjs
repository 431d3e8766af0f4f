// @ts-check
// The site as a cluster on one machine: HAProxy in front of two API instances and two shell servers, the APIs on
// PostgreSQL and Redis with their images in an S3 store (Swift here), the five remotes served as static sites.
// Used by `npm run start:cluster` (start-cluster.mjs), the cluster suite (tests-cluster) and its benchmark;
// docs/deploying.md describes the topology.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveStatic } from '../../shell/server/lib/static-site/static-site.mjs';
import {
  API_ENTRY, assertPortsFree, byRemote, prepareShellDir, REMOTE_IDS, remotesManifest, requireBuilt, ROOT, SHELL_SERVER_ENTRY, siteOrigins, startChild,
} from '../site.mjs';
import { serverStats, startHaproxy } from './haproxy.mjs';
import { ensureBucket, ensureDatabase, ensureRedis, ensureSwift, SWIFT_S3 } from './services.mjs';

/** @typedef {import('../site.mjs').RemotePorts} RemotePorts */
/** @typedef {import('../site.mjs').ChildServer} ChildServer */
/** @typedef {import('./services.mjs').S3Endpoint} S3Endpoint */
/** @typedef {'api1' | 'api2'} ApiName */
/** @typedef {'shell1' | 'shell2'} ShellName */
/** @typedef {ApiName | ShellName} InstanceName */

/** @type {readonly ApiName[]} */
export const API_NAMES = ['api1', 'api2'];
/** @type {readonly ShellName[]} */
export const SHELL_NAMES = ['shell1', 'shell2'];

/**
 * The address HAProxy connects to the servers from (`source` in haproxy.cfg): the one address every instance's
 * TRUST_PROXY names. Clients on this machine come from 127.0.0.1 (or another loopback address of their own), so an
 * instance believes the balancer's X-Forwarded-For and no client's, as it would with the balancer on a host of its own.
 */
export const BALANCER_ADDRESS = '127.0.0.2';

/**
 * @typedef {object} ClusterPorts
 * @property {number} api the balancer's API address: what browsers and the shell servers call
 * @property {number} site the balancer's page address: the site
 * @property {number} stats HAProxy's statistics page
 * @property {Record<ApiName, number>} apis
 * @property {Record<ShellName, number>} shells
 * @property {RemotePorts} remotes
 */

/** `npm run start:cluster`'s ports: clear of `npm start` (4000, 5000-5005) and the e2e suite (4100, 5100-5129). */
/** @type {ClusterPorts} */
export const CLUSTER_PORTS = {
  api: 4300,
  site: 5300,
  stats: 5390,
  apis: { api1: 4301, api2: 4302 },
  shells: { shell1: 5301, shell2: 5302 },
  remotes: { 'mf-catalogue': 5311, 'mf-product': 5312, 'mf-search': 5313, 'mf-account': 5314, 'mf-admin': 5315 },
};

/**
 * Where the APIs keep images: a folder both share (`local`: one machine only), or a bucket of an S3 store (`s3`:
 * Swift at SWIFT_S3 unless `endpoint` names another, which must then exist).
 * @typedef {{ kind: 'local' } | { kind: 's3', bucket: string, keyPrefix?: string, endpoint?: S3Endpoint }} StoreChoice
 */

/**
 * @typedef {object} ClusterOptions
 * @property {ClusterPorts} ports
 * @property {string} stateDir HAProxy's configuration, the served copy of the shell, the platform state, logs…
 * @property {string} postgresServer a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432
 * @property {string} databaseName the cluster's database on it, created when missing (demo data seeded when empty)
 * @property {string} redisUrl where the APIs share their rate limits; a Redis is started there when none answers
 * @property {string} [redisPrefix] before every Redis key (default linkhunt-cluster:)
 * @property {StoreChoice} store
 * @property {Record<string, string>} [apiEnv] more environment for every API instance (rate limits, LOG_LEVEL…)
 * @property {Record<string, string>} [shellEnv] more environment for every shell server
 * @property {(line: string) => void} [log] every line the servers print, prefixed with their name
 * @property {(name: InstanceName, how: string) => void} [onUnexpectedExit] an instance exited that nobody stopped
 */

/**
 * @typedef {object} ClusterUrls
 * @property {string} site the pages, through the balancer
 * @property {string} api the API, through the balancer
 * @property {string} stats HAProxy's statistics
 * @property {Record<ApiName, string>} apis each API instance directly
 * @property {Record<ShellName, string>} shells each shell server directly
 * @property {Record<import('../site.mjs').RemoteId, string>} remotes
 */

/**
 * @typedef {object} Cluster
 * @property {ClusterUrls} urls
 * @property {string} databaseUrl
 * @property {Record<string, string>} apiEnv the environment the API instances share: a command of the API (images:sweep)
 *   run with it works on the cluster's database and store
 * @property {(name: InstanceName, signal?: NodeJS.Signals) => Promise<void>} kill sends the signal (SIGKILL: a crash)
 *   and resolves once the instance has exited
 * @property {(name: InstanceName) => Promise<void>} restart starts a stopped instance again; resolves once HAProxy has
 *   it back in rotation
 * @property {() => Promise<Record<string, import('./haproxy.mjs').ServerStats>>} servers HAProxy's view of each server:
 *   its state (UP, DOWN, or a transition) and the connections sent to it
 * @property {(wanted: Partial<Record<InstanceName, 'UP' | 'DOWN'>>, timeoutMs?: number) => Promise<void>} waitForStates
 * @property {() => Record<InstanceName | 'haproxy', number | undefined>} pids the processes this cluster started (for their memory)
 * @property {() => Promise<void>} stop stops everything started, in order; safe to call twice
 */

const ROTATION_TIMEOUT_MS = 30_000;

/**
 * Starts the cluster; resolves once HAProxy has every instance in rotation.
 * @param {ClusterOptions} options
 * @returns {Promise<Cluster>}
 */
export async function startCluster(options) {
  const { ports, stateDir, log = () => {} } = options;
  const remoteDirs = byRemote((id) => join(ROOT, id, 'dist'));
  requireBuilt(API_ENTRY);
  requireBuilt(SHELL_SERVER_ENTRY);
  for (const id of REMOTE_IDS) requireBuilt(join(remoteDirs[id], 'remoteEntry.js'));
  await assertPortsFree([ports.api, ports.site, ports.stats, ...Object.values(ports.apis), ...Object.values(ports.shells), ...Object.values(ports.remotes)], '127.0.0.1');

  const urls = {
    site: `http://localhost:${ports.site}`,
    api: `http://localhost:${ports.api}`,
    stats: `http://127.0.0.1:${ports.stats}`,
    apis: { api1: `http://127.0.0.1:${ports.apis.api1}`, api2: `http://127.0.0.1:${ports.apis.api2}` },
    shells: { shell1: `http://127.0.0.1:${ports.shells.shell1}`, shell2: `http://127.0.0.1:${ports.shells.shell2}` },
    remotes: byRemote((id) => `http://localhost:${ports.remotes[id]}`),
  };

  /** What was started, stopped in reverse order. @type {{ stop(): Promise<void> }[]} */
  const started = [];
  /** @type {Map<InstanceName, ChildServer>} */
  const instances = new Map();
  /** @type {Set<ChildServer>} */
  const stopping = new Set();
  /** @type {Promise<void> | undefined} */
  let stopped;
  const stop = () =>
    (stopped ??= (async () => {
      for (const service of started.reverse()) await service.stop().catch((/** @type {unknown} */ error) => log(`while stopping: ${String(error)}`));
    })());

  try {
    await mkdir(stateDir, { recursive: true });
    const shellDir = join(stateDir, 'shell');
    // The shell is copied afresh each start: its config.json names the balancer, not a server.
    await rm(shellDir, { recursive: true, force: true });
    await prepareShellDir({ from: join(ROOT, 'shell/dist'), to: shellDir, apiUrl: urls.api, siteUrl: urls.site, remotes: remotesManifest(ports.remotes) });

    started.push(await ensureRedis(options.redisUrl, log));
    const databaseUrl = await ensureDatabase(options.postgresServer, options.databaseName);
    const apiEnv = {
      HOST: '127.0.0.1',
      // The public address is the balancer's: links the API writes (mails, the API's docs) point there.
      PUBLIC_URL: urls.api,
      SITE_URL: urls.site,
      DATABASE_URL: databaseUrl,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: options.redisPrefix ?? 'linkhunt-cluster:',
      TRUST_PROXY: BALANCER_ADDRESS,
      IMAGE_DIR: join(stateDir, 'images'),
      MAIL_OUTBOX: join(stateDir, 'outbox'),
      ...(await storeEnv(options.store, log)),
      ...options.apiEnv,
      CORS_ORIGINS: [...new Set([...siteOrigins(ports.site, ports.remotes), ...(options.apiEnv?.CORS_ORIGINS?.split(',') ?? [])])].join(','),
    };
    const shellEnv = {
      HOST: '127.0.0.1',
      SHELL_DIST: shellDir,
      // The servers read the API through the balancer, as browsers do: a crashed API instance is out of their way too.
      SSR_API_URL: `http://127.0.0.1:${ports.api}`,
      TRUST_PROXY: BALANCER_ADDRESS,
      // One platform state for both: a preview token or a deploy made through one server holds on the other.
      PLATFORM_STATE_DIR: join(stateDir, 'platform'),
      PREVIEW_SECRET: await previewSecret(stateDir),
      LOG_LEVEL: 'warn',
      ...options.shellEnv,
    };

    for (const id of REMOTE_IDS) {
      const server = await serveStatic({ dir: remoteDirs[id], port: ports.remotes[id], host: '127.0.0.1', cors: true, csp: true });
      started.push({ stop: async () => void (await server.close()) });
    }

    /**
     * @param {InstanceName} name
     * @param {boolean} seed
     */
    const launch = async (name, seed) => {
      const isApi = name.startsWith('api');
      const port = isApi ? ports.apis[/** @type {ApiName} */ (name)] : ports.shells[/** @type {ShellName} */ (name)];
      const env = isApi ? { ...apiEnv, PORT: String(port), SEED_DEMO: String(seed) } : { ...shellEnv, PORT: String(port) };
      const child = startChild(name, isApi ? API_ENTRY : SHELL_SERVER_ENTRY, env, (line) => log(`[${name}] ${line}`));
      instances.set(name, child);
      void child.exited.then(({ code, signal }) => {
        if (!stopping.has(child) && !stopped) options.onUnexpectedExit?.(name, signal ?? `code ${code}`);
      });
      await child.ready(`http://127.0.0.1:${port}${isApi ? '/ready' : '/health'}`);
    };
    started.push({
      stop: async () => {
        const all = [...instances.values()];
        for (const child of all) stopping.add(child);
        await Promise.all(all.map((child) => child.stop()));
      },
    });

    // The first API migrates the database and seeds an empty one before it answers; the second starts after it, so
    // the two never race to seed (Kysely's migrations take a lock of their own on PostgreSQL).
    await Promise.all([launch('api1', true), ...SHELL_NAMES.map((name) => launch(name, false))]);
    await launch('api2', false);

    // Last, so that its first checks find every server answering.
    const haproxy = await startHaproxy(
      {
        balancerAddress: BALANCER_ADDRESS,
        apiPort: ports.api,
        sitePort: ports.site,
        statsPort: ports.stats,
        apis: ports.apis,
        shells: ports.shells,
        adminSocket: join(stateDir, 'haproxy.sock'),
      },
      stateDir,
      (line) => log(`[haproxy] ${line}`),
    );
    started.push({ stop: () => haproxy.stop() });
    const servers = () => serverStats(urls.stats);
    /** @type {Cluster['waitForStates']} */
    const waitForStates = async (wanted, timeoutMs = ROTATION_TIMEOUT_MS) => {
      const deadline = Date.now() + timeoutMs;
      /** @type {Record<string, string>} */
      let seen = {};
      for (;;) {
        seen = Object.fromEntries(Object.entries(await servers().catch(() => ({}))).map(([name, server]) => [name, server.state]));
        if (Object.entries(wanted).every(([name, state]) => seen[name] === state)) return;
        if (Date.now() > deadline) throw new Error(`HAProxy did not see ${JSON.stringify(wanted)} within ${timeoutMs / 1000} s (it sees ${JSON.stringify(seen)})${haproxy.lastLines() ? `\n${haproxy.lastLines()}` : ''}`);
        await sleep(100);
      }
    };
    await waitForStates({ api1: 'UP', api2: 'UP', shell1: 'UP', shell2: 'UP' });

    return {
      urls,
      databaseUrl,
      apiEnv,
      async kill(name, signal = 'SIGKILL') {
        const child = instances.get(name);
        if (!child) throw new Error(`no instance ${name}`);
        stopping.add(child);
        await child.kill(signal);
      },
      async restart(name) {
        const child = instances.get(name);
        if (child) {
          stopping.add(child);
          await child.stop();
        }
        await launch(name, false);
        await waitForStates({ [name]: 'UP' });
      },
      servers,
      waitForStates,
      pids: () => ({
        api1: instances.get('api1')?.pid,
        api2: instances.get('api2')?.pid,
        shell1: instances.get('shell1')?.pid,
        shell2: instances.get('shell2')?.pid,
        haproxy: haproxy.pid,
      }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The APIs' settings for the store chosen; for Swift, started when it does not answer; the bucket made when missing.
 * @param {StoreChoice} store
 * @param {(line: string) => void} log
 * @returns {Promise<Record<string, string>>}
 */
async function storeEnv(store, log) {
  if (store.kind === 'local') return { IMAGE_STORE: 'local' };
  const s3 = store.endpoint ?? SWIFT_S3;
  if (!store.endpoint) await ensureSwift(log);
  await ensureBucket(s3, store.bucket);
  return {
    IMAGE_STORE: 's3',
    S3_BUCKET: store.bucket,
    S3_REGION: s3.region,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ...(store.keyPrefix ? { S3_KEY_PREFIX: store.keyPrefix } : {}),
  };
}

/**
 * The key both shell servers sign preview tokens with: made once and kept in the state folder, so a token one
 * server gave is good on the other and across restarts.
 * @param {string} stateDir
 */
async function previewSecret(stateDir) {
  const file = join(stateDir, 'preview-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
