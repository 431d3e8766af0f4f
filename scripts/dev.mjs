// @ts-check
// `dev`: the API in watch mode and the Vite dev servers of the shell and the five remotes, their output
// prefixed by package, all stopped together on Ctrl-C or as soon as one of them fails.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { DEFAULT_PORTS, ROOT } from './site.mjs';

/** @typedef {{ name: string, filter: string, env?: Record<string, string> }} Task */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

const PNPM = ['-y', 'pnpm@10.34.8'];
const STOP_TIMEOUT_MS = 5_000;
const color = process.stdout.isTTY === true;

// The dev servers are the site's origins here, not the API's defaults (3000 and 5173).
const devOrigins = [DEFAULT_PORTS.shell, ...Object.values(DEFAULT_PORTS.remotes)].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

/** @type {Task[]} */
const tasks = [
  {
    name: 'api',
    filter: '@linkhunt/api',
    // `source`: the API loads the contracts' TypeScript, so editing a contract needs no rebuild.
    env: { CORS_ORIGINS: devOrigins.join(','), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=source`.trim() },
  },
  { name: 'shell', filter: '@linkhunt/shell' },
  { name: 'mf-catalogue', filter: '@linkhunt/mf-catalogue' },
  { name: 'mf-product', filter: '@linkhunt/mf-product' },
  { name: 'mf-search', filter: '@linkhunt/mf-search' },
  { name: 'mf-account', filter: '@linkhunt/mf-account' },
  { name: 'mf-admin', filter: '@linkhunt/mf-admin' },
];

// Fetch pnpm once up front: seven npx processes fetching it at the same time race on npx's cache.
const warmUp = spawnSync('npx', [...PNPM, '--version'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
if (warmUp.status !== 0) {
  console.error('dev: could not run pnpm through npx');
  process.exit(1);
}

const width = Math.max(...tasks.map((t) => t.name.length));
const palette = [36, 35, 33, 32, 34, 31, 95];
/** @type {Map<ChildProcess, string>} */
const running = new Map();
// Every group ever started: a group outlives its leader (npx) while pnpm or vite under it still run.
/** @type {number[]} */
const groups = [];
let stopping = false;

tasks.forEach((task, index) => {
  const label = `[${task.name}]`.padEnd(width + 2);
  const prefix = color ? `\x1b[${palette[index % palette.length]}m${label}\x1b[0m ` : `${label} `;
  const child = spawn('npx', [...PNPM, '--filter', task.filter, 'run', 'dev'], {
    cwd: ROOT,
    env: { ...process.env, ...(color ? { FORCE_COLOR: '1' } : {}), ...task.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, so stopping reaches npx, pnpm and the server under them alike.
    detached: true,
  });
  running.set(child, task.name);
  if (child.pid) groups.push(child.pid);
  for (const [stream, out] of /** @type {const} */ ([[child.stdout, process.stdout], [child.stderr, process.stderr]])) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  child.on('error', (error) => {
    console.error(`${prefix}could not start: ${error.message}`);
    void stopAll(1);
  });
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (stopping) return;
    if (code === 0) {
      console.log(`${prefix}exited`);
      if (running.size === 0) process.exit(0);
      return;
    }
    console.error(`${prefix}exited with ${signal ?? `code ${code}`}: stopping everything`);
    void stopAll(1);
  });
});

/** @param {NodeJS.Signals} signal */
function signalAll(signal) {
  for (const group of groups) {
    try {
      process.kill(-group, signal);
    } catch {
      // The group is already gone.
    }
  }
}

/** @param {number} code */
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  signalAll('SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (running.size > 0 && Date.now() < deadline) await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  signalAll('SIGKILL');
  process.exit(code);
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (stopping) return;
    console.log(`\ndev: stopping ${running.size} processes...`);
    void stopAll(0);
  });
}
// Detached groups would outlive an unexpected exit of this script.
process.on('exit', () => signalAll('SIGKILL'));
