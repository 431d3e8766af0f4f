// @ts-check
// Runs the built site: the API as a child process and the shell and remotes served in-process.
// Used by `npm start` (run-site.mjs) and by the end-to-end harness (on other ports, from a prepared shell copy).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../shell/server/lib/static-site/static-site.mjs';

/** @typedef {{ close(): Promise<unknown> }} Server */
/** @typedef {'mf-catalogue' | 'mf-product' | 'mf-search' | 'mf-account' | 'mf-admin'} RemoteId */
/** @typedef {Record<RemoteId, number>} RemotePorts */
/** `remotes.json`: where each remote's entry lives (contracts/src/remotes.ts has the same shape). */
/** @typedef {Record<RemoteId, { entry: string }>} RemotesManifest */

/**
 * @typedef {object} SiteOptions
 * @property {number} apiPort
 * @property {number} shellPort
 * @property {RemotePorts} remotePorts
 * @property {string} databaseUrl `sqlite:<file>` (relative to the repository root) or a postgres:// URL
 * @property {string} imageDir
 * @property {string} shellDir a built shell whose config.json and remotes.json name these ports
 * @property {boolean} [seed] seed demo data into an empty database (default true)
 * @property {(line: string) => void} [log] receives every line the API prints; default: dropped
 * @property {string} [host] address every server listens on (default 127.0.0.1)
 * @property {Partial<Record<RemoteId, string>>} [remoteDirs] instead of `<package>/dist`
 * @property {Record<string, string>} [shellEnv] extra environment for the shell server (SITEMAP_CACHE_SECONDS...)
 * @property {string} [shellEntry] another build of shell/dist-server/main.js (the flood benchmark's figures before a change)
 * @property {string[]} [apiNodeArgs] Node options for the API process (the e2e suite preloads its route to a fake store)
 * @property {Record<string, string>} [apiEnv] extra environment for the API (rate limits, log level...); its
 *   CORS_ORIGINS are added to the site's own origins, which are always allowed
 */

/**
 * @typedef {object} SiteUrls
 * @property {string} api
 * @property {string} shell
 * @property {Record<RemoteId, string>} remotes
 */

/**
 * @typedef {object} Site
 * @property {SiteUrls} urls
 * @property {() => Promise<void>} stop closes the servers, stops the API and waits for it; safe to call twice
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} apiExit settles when the API exits, for whatever reason
 * @property {number | undefined} shellPid the shell server's process (its memory is measured by the soak test)
 */

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** @type {readonly RemoteId[]} */
export const REMOTE_IDS = ['mf-catalogue', 'mf-product', 'mf-search', 'mf-account', 'mf-admin'];
/** The ports shell/public/remotes.json and config.json are built with. */
export const DEFAULT_PORTS = {
  api: 4000,
  shell: 5000,
  /** @type {RemotePorts} */
  remotes: { 'mf-catalogue': 5001, 'mf-product': 5002, 'mf-search': 5003, 'mf-account': 5004, 'mf-admin': 5005 },
};

export const API_ENTRY = join(ROOT, 'api/dist/server.js');
export const SHELL_SERVER_ENTRY = join(ROOT, 'shell/dist-server/main.js');
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_TAIL_LINES = 40;

/**
 * Starts the API and serves the shell (SPA) and the five remotes (CORS), all with a Content-Security-Policy;
 * resolves once the API answers /health.
 * @param {SiteOptions} options
 * @returns {Promise<Site>}
 */
export async function startSite(options) {
  const { apiPort, shellPort, remotePorts, databaseUrl, imageDir, shellDir, seed = true, log = () => {}, host = '127.0.0.1' } = options;
  /** @type {Record<RemoteId, string>} */
  const remoteDirs = { ...byRemote((id) => join(ROOT, id, 'dist')), ...options.remoteDirs };

  requireBuilt(API_ENTRY);
  requireBuilt(join(shellDir, 'index.html'));
  const shellEntry = options.shellEntry || SHELL_SERVER_ENTRY;
  requireBuilt(shellEntry);
  for (const id of REMOTE_IDS) requireBuilt(join(remoteDirs[id], 'remoteEntry.js'));
  // A port taken by an earlier run would otherwise answer /health for us while our API dies on EADDRINUSE.
  await assertPortsFree([apiPort, shellPort, ...REMOTE_IDS.map((id) => remotePorts[id])], host);

  const urls = {
    api: `http://localhost:${apiPort}`,
    shell: `http://localhost:${shellPort}`,
    remotes: byRemote((id) => `http://localhost:${remotePorts[id]}`),
  };
  const origins = siteOrigins(shellPort, remotePorts);
  const extraOrigins = options.apiEnv?.CORS_ORIGINS?.split(',').map((o) => o.trim()).filter(Boolean) ?? [];

  /** @type {Server[]} */
  const servers = [];
  const api = startChild('API', API_ENTRY, {
      PORT: String(apiPort),
      HOST: host,
      PUBLIC_URL: urls.api,
      DATABASE_URL: databaseUrl,
      IMAGE_DIR: imageDir,
      SEED_DEMO: String(seed),
      ...options.apiEnv,
      CORS_ORIGINS: [...new Set([...origins, ...extraOrigins])].join(','),
  }, log, options.apiNodeArgs);

  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => (stopping ??= Promise.all([...servers.map((server) => server.close()), api.stop()]).then(() => undefined));

  /** @type {number | undefined} */
  let shellPid;
  try {
    for (const id of REMOTE_IDS) servers.push(await serveStatic({ dir: remoteDirs[id], port: remotePorts[id], host, cors: true, csp: true }));
    // The shell server reads the remotes' server entries as it starts, so the remotes are up first.
    const shell = startChild('shell server', shellEntry, {
      PORT: String(shellPort),
      HOST: host,
      SHELL_DIST: shellDir,
      SSR_API_URL: `http://${probeHost(host)}:${apiPort}`,
      LOG_LEVEL: 'silent',
      ...options.shellEnv,
    }, log);
    servers.push({ close: () => shell.stop() });
    shellPid = shell.pid;
    await Promise.all([
      api.ready(`http://${probeHost(host)}:${apiPort}/health`),
      shell.ready(`http://${probeHost(host)}:${shellPort}/config.json`),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, stop, apiExit: api.exited, shellPid };
}

/**
 * Copies a built shell to `to` and points its config.json and remotes.json at other addresses, so one build
 * serves on any ports. Keys of config.json it does not know are kept.
 * @param {{ from: string, to: string, apiUrl: string, siteUrl: string, remotes: RemotesManifest }} options
 */
export async function prepareShellDir({ from, to, apiUrl, siteUrl, remotes }) {
  requireBuilt(join(from, 'index.html'));
  if (existsSync(to) && (await readdir(to)).length > 0) throw new Error(`prepareShellDir: ${to} is not empty`);
  await cp(from, to, { recursive: true });

  const config = await readJsonObject(join(to, 'config.json'));
  // An image URL on the old API's address must move with it (the default, unset, follows apiUrl by itself).
  const oldApiUrl = typeof config.apiUrl === 'string' ? config.apiUrl.replace(/\/$/, '') : undefined;
  if (oldApiUrl && typeof config.imageUrl === 'string' && config.imageUrl.startsWith(oldApiUrl)) {
    config.imageUrl = apiUrl + config.imageUrl.slice(oldApiUrl.length);
  }
  await writeJson(join(to, 'config.json'), { ...config, apiUrl, siteUrl });

  const current = await readJsonObject(join(to, 'remotes.json'));
  /** @type {Record<string, unknown>} */
  const merged = { ...current };
  for (const id of REMOTE_IDS) {
    const previous = current[id];
    merged[id] = { ...(isObject(previous) ? previous : {}), ...remotes[id] };
  }
  await writeJson(join(to, 'remotes.json'), merged);
}

/**
 * The remotes.json for remotes served on these ports.
 * @param {RemotePorts} ports
 * @param {string} [hostname]
 * @returns {RemotesManifest}
 */
export function remotesManifest(ports, hostname = 'localhost') {
  return byRemote((id) => ({ entry: `http://${hostname}:${ports[id]}/remoteEntry.js` }));
}

/**
 * The origins the site's pages are served from, as a browser sends them in Origin (either name of the host): the
 * shell's and the remotes' (their standalone pages call the API too). The API's CORS_ORIGINS hold at least these.
 * @param {number} shellPort
 * @param {RemotePorts} remotePorts
 */
export function siteOrigins(shellPort, remotePorts) {
  return [shellPort, ...REMOTE_IDS.map((id) => remotePorts[id])].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);
}

/** @typedef {ReturnType<typeof startProcess>} ChildServer */

/**
 * A server of the site (the API, the shell server) as a Node child process, with its output kept for errors.
 * @param {string} name
 * @param {string} entry
 * @param {Record<string, string>} env
 * @param {(line: string) => void} log
 * @param {string[]} [nodeArgs]
 */
export function startChild(name, entry, env, log, nodeArgs = []) {
  return startProcess(name, process.execPath, [...nodeArgs, entry], env, log);
}

/**
 * Any server as a child process (the cluster's HAProxy and Redis too), with its output kept for errors; it is
 * killed when this process exits, however it exits.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @param {(line: string) => void} log
 */
export function startProcess(name, command, args, env, log) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  /** @type {string[]} */
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      tail.push(line);
      if (tail.length > OUTPUT_TAIL_LINES) tail.shift();
      log(line);
    });
  }
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit({ code, signal }));
    // A command that cannot start (not installed) may say so through 'error' alone.
    child.once('error', (error) => {
      tail.push(`${name}: ${error.message}`);
      resolveExit({ code: null, signal: null });
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  // Whoever forgets stop() (a crash, process.exit) must not leave an API holding the port.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  const output = () => (tail.length ? `\n--- last lines of the ${name}'s output ---\n${tail.join('\n')}` : ' (it printed nothing)');

  return {
    exited,
    pid: child.pid,
    /** What it printed last, for a report. */
    lastLines: () => tail.join('\n'),
    /**
     * Sends `signal` (SIGKILL: a crash, nothing is finished) and resolves once the process has exited.
     * @param {NodeJS.Signals} signal
     */
    async kill(signal) {
      if (!hasExited) child.kill(signal);
      return exited;
    },
    /** @param {string} healthUrl */
    async ready(healthUrl) {
      const deadline = Date.now() + HEALTH_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (hasExited) {
          const { code, signal } = await exited;
          throw new Error(`the ${name} exited (${signal ?? `code ${code}`}) before answering ${healthUrl}${output()}`);
        }
        const response = await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
        if (response?.ok) return;
        await sleep(100);
      }
      throw new Error(`the ${name} did not answer ${healthUrl} within ${HEALTH_TIMEOUT_MS / 1000} s${output()}`);
    },
    async stop() {
      if (hasExited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * @param {number[]} ports
 * @param {string} host
 */
export async function assertPortsFree(ports, host) {
  for (const port of ports) {
    await new Promise((resolveProbe, reject) => {
      const probe = createServer();
      probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) =>
        reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is already in use on ${host} (is Linkhunt already running?)`) : error),
      );
      probe.listen(port, host, () => probe.close(() => resolveProbe(undefined)));
    });
  }
}

/** @param {string} host an address to listen on; returns one to connect to */
export function probeHost(host) {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** @param {string} path */
export function requireBuilt(path) {
  const shown = path.startsWith(ROOT) ? relative(ROOT, path) : path;
  if (!existsSync(path)) throw new Error(`${shown} is missing: run the build first (npx -y pnpm@10.34.8 run build)`);
}

/**
 * @template T
 * @param {(id: RemoteId) => T} value
 * @returns {Record<RemoteId, T>}
 */
export function byRemote(value) {
  return /** @type {Record<RemoteId, T>} */ (Object.fromEntries(REMOTE_IDS.map((id) => [id, value(id)])));
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON object from a file; {} when the file does not exist.
 * @param {string} path
 * @returns {Promise<Record<string, unknown>>}
 */
async function readJsonObject(path) {
  if (!existsSync(path)) return {};
  /** @type {unknown} */
  const value = JSON.parse(await readFile(path, 'utf8'));
  if (!isObject(value)) throw new Error(`${path}: expected a JSON object`);
  return value;
}

/**
 * Written whole then renamed, so a server never reads half a file.
 * @param {string} path
 * @param {unknown} value
 */
async function writeJson(path, value) {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(value, null, 2)}\n`);
  await rename(temp, path);
}
