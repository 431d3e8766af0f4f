// @ts-check
// HAProxy for the cluster: its configuration written from haproxy.cfg.template, the process started in the
// foreground as a child (it dies with the cluster's process), and its view of each server read from its statistics.
import { readFile, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startProcess } from '../site.mjs';

const TEMPLATE = new URL('./haproxy.cfg.template', import.meta.url);

/**
 * @typedef {object} BalancerPlan
 * @property {string} balancerAddress the source address of HAProxy's connections to the servers (their TRUST_PROXY)
 * @property {number} apiPort
 * @property {number} sitePort
 * @property {number} statsPort
 * @property {Record<string, number>} apis server name → port, all on 127.0.0.1
 * @property {Record<string, number>} shells
 * @property {string} adminSocket where HAProxy's runtime API listens (a Unix socket, for operators)
 */

/** @param {Record<string, number>} servers */
const serverLines = (servers) => Object.entries(servers).map(([name, port]) => `    server ${name} 127.0.0.1:${port} check`).join('\n');

/**
 * The configuration for `plan`, from the template.
 * @param {BalancerPlan} plan
 */
export async function haproxyConfig(plan) {
  /** @type {Record<string, string>} */
  const values = {
    ADMIN_SOCKET: plan.adminSocket,
    BALANCER_ADDRESS: plan.balancerAddress,
    API_BIND: `127.0.0.1:${plan.apiPort}`,
    SITE_BIND: `127.0.0.1:${plan.sitePort}`,
    STATS_BIND: `127.0.0.1:${plan.statsPort}`,
    API_SERVERS: serverLines(plan.apis),
    SHELL_SERVERS: serverLines(plan.shells),
  };
  const template = await readFile(TEMPLATE, 'utf8');
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`haproxy.cfg.template names {{${name}}}, which nothing fills`);
    return value;
  });
}

/**
 * Writes the configuration into `stateDir`, checks it (haproxy -c) and starts HAProxy on it in the foreground.
 * @param {BalancerPlan} plan
 * @param {string} stateDir
 * @param {(line: string) => void} log
 */
export async function startHaproxy(plan, stateDir, log) {
  const file = join(stateDir, 'haproxy.cfg');
  await writeFile(file, await haproxyConfig(plan));
  try {
    await promisify(execFile)('haproxy', ['-c', '-q', '-f', file]);
  } catch (error) {
    const failed = /** @type {{ code?: string, stderr?: string, message: string }} */ (error);
    if (failed.code === 'ENOENT') throw new Error('haproxy is not installed (Debian: apt-get install haproxy)');
    throw new Error(`${file} is not a valid HAProxy configuration: ${failed.stderr || failed.message}`);
  }
  return startProcess('HAProxy', 'haproxy', ['-db', '-f', file], {}, log);
}

/**
 * Each server as HAProxy sees it, from the statistics CSV: its state as the checks found it (UP, DOWN, or a
 * transition such as "UP 1/2") and how many connections the balancer has sent it so far.
 * @typedef {{ state: string, sessions: number }} ServerStats
 * @param {string} statsUrl
 * @returns {Promise<Record<string, ServerStats>>} server name → its figures
 */
export async function serverStats(statsUrl) {
  const answer = await fetch(`${statsUrl}/;csv;norefresh`, { signal: AbortSignal.timeout(2_000) });
  if (!answer.ok) throw new Error(`HAProxy's statistics answered ${answer.status}`);
  const [header = '', ...rows] = (await answer.text()).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (/** @type {string} */ name) => columns.indexOf(name);
  /** @type {Record<string, ServerStats>} */
  const servers = {};
  for (const row of rows) {
    const cells = row.split(',');
    const server = cells[at('svname')] ?? '';
    if (server === 'FRONTEND' || server === 'BACKEND') continue;
    servers[server] = { state: cells[at('status')] ?? '', sessions: Number(cells[at('stot')] ?? 0) };
  }
  return servers;
}
