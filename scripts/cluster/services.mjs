// @ts-check
// The services the cluster shares (scripts/cluster/cluster.mjs): PostgreSQL (a database of the cluster's own, created
// when missing), Redis (started when nothing answers) and Swift with its S3 layer (scripts/services/swift.sh, its
// bucket created here). A Redis this module starts is its child, stopped with the cluster; PostgreSQL and Swift are
// the machine's services and stay up.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { ROOT, startProcess } from '../site.mjs';

/** The API's own dependencies (pg, the S3 client): the cluster talks to its services as the API does. */
const apiRequire = createRequire(join(ROOT, 'api/package.json'));
const SWIFT_SCRIPT = join(ROOT, 'scripts/services/swift.sh');
const SERVICE_WAIT_MS = 20_000;

/**
 * The S3 endpoint scripts/services/swift.sh starts, and its account (Swift's tempauth user test:tester).
 * @typedef {object} S3Endpoint
 * @property {string} endpoint
 * @property {string} region
 * @property {string} accessKeyId
 * @property {string} secretAccessKey
 */
/** @type {S3Endpoint} */
export const SWIFT_S3 = { endpoint: 'http://127.0.0.1:8088', region: 'us-east-1', accessKeyId: 'test:tester', secretAccessKey: 'testing' };

/** @typedef {{ stop(): Promise<void> }} StartedService */
/**
 * What this module uses of pg's Client (the API's dependency: its types are not the root package's).
 * @typedef {{ connect(): Promise<void>, end(): Promise<void>, query(text: string, values?: unknown[]): Promise<{ rowCount: number | null }> }} PgClient
 */
/**
 * What this module uses of @aws-sdk/client-s3 (the API's dependency, likewise).
 * @typedef {{ send(command: object): Promise<unknown>, destroy(): void }} S3ClientLike
 * @typedef {{
 *   S3Client: new (options: object) => S3ClientLike,
 *   HeadBucketCommand: new (input: { Bucket: string }) => object,
 *   CreateBucketCommand: new (input: { Bucket: string }) => object,
 * }} S3Module
 */
const nothingToStop = { stop: async () => {} };

/**
 * A database named `name` on the PostgreSQL server `serverUrl` (any database of it: the connection goes to
 * `postgres`), created when missing; resolves to its URL.
 * @param {string} serverUrl e.g. postgres://postgres@127.0.0.1:5432
 * @param {string} name letters, digits and underscores
 */
export async function ensureDatabase(serverUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name}: use lower-case letters, digits and _`);
  return withPostgres(serverUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
    return databaseUrl(serverUrl, name);
  });
}

/**
 * Drops a database made for one run (the cluster suite's), even while connections to it remain.
 * @param {string} serverUrl
 * @param {string} name
 */
export async function dropDatabase(serverUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name}: use lower-case letters, digits and _`);
  await withPostgres(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/**
 * @param {string} serverUrl
 * @param {string} name
 */
export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * @template T
 * @param {string} serverUrl
 * @param {(client: PgClient) => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withPostgres(serverUrl, work) {
  /** @type {{ Client: new (options: object) => PgClient }} */
  const pg = apiRequire('pg');
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres'), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`no PostgreSQL answers at ${databaseUrl(serverUrl, 'postgres').replace(/\/\/[^@]*@/, '//')}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Redis at `url`: when nothing answers there and it names this machine, a redis-server (Debian's package) is started
 * as a child, without persistence, and stopped again by the returned stop().
 * @param {string} url redis://host:port
 * @param {(line: string) => void} log
 * @returns {Promise<StartedService>}
 */
export async function ensureRedis(url, log) {
  const { hostname, port: portText } = new URL(url);
  const port = Number(portText || 6379);
  if (await redisAnswers(hostname, port)) return nothingToStop;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) throw new Error(`no Redis answers at ${hostname}:${port}`);
  const redis = startProcess('Redis', 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {}, log);
  const deadline = Date.now() + SERVICE_WAIT_MS;
  while (!(await redisAnswers(hostname, port))) {
    if (Date.now() > deadline) {
      await redis.kill('SIGKILL');
      throw new Error(`Redis did not start on port ${port} (is redis-server installed? apt-get install redis-server):\n${redis.lastLines()}`);
    }
    await sleep(100);
  }
  return { stop: () => redis.stop() };
}

/**
 * Whether a Redis answers PING at host:port.
 * @param {string} host
 * @param {number} port
 */
function redisAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host: host.replace(/^\[|\]$/g, ''), port, timeout: 1_000 });
    const done = (/** @type {boolean} */ answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * Swift with s3api at SWIFT_S3.endpoint, through scripts/services/swift.sh (it installs Debian's packages when
 * missing, and does nothing when Swift answers already: asked every time, it alone knows how to tell). Swift is left
 * running when the cluster stops, like PostgreSQL: it is the machine's store, which other work (the API's S3 tests)
 * may be using by then; `scripts/services/swift.sh stop` stops it.
 * @param {(line: string) => void} log
 */
export async function ensureSwift(log) {
  if (!existsSync(SWIFT_SCRIPT)) throw new Error(`${SWIFT_SCRIPT} is missing: it starts the S3 store (Swift)`);
  const run = promisify(execFile);
  try {
    const { stdout } = await run('bash', [SWIFT_SCRIPT], { cwd: ROOT, timeout: 600_000 });
    for (const line of stdout.trim().split('\n')) log(line);
  } catch (error) {
    const failed = /** @type {{ stdout?: string, stderr?: string, message: string }} */ (error);
    throw new Error(`scripts/services/swift.sh failed: ${failed.stderr || failed.stdout || failed.message}`);
  }
}

/**
 * The bucket `bucket` on `s3`, created when missing, with the S3 client the API uses.
 * @param {S3Endpoint} s3
 * @param {string} bucket
 */
export async function ensureBucket(s3, bucket) {
  const { S3Client, CreateBucketCommand, HeadBucketCommand } = await loadS3Client();
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  try {
    const exists = await client.send(new HeadBucketCommand({ Bucket: bucket })).then(() => true, () => false);
    if (!exists) await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}

/** @returns {Promise<S3Module>} */
async function loadS3Client() {
  try {
    return apiRequire('@aws-sdk/client-s3');
  } catch {
    throw new Error('the API has no S3 client (@aws-sdk/client-s3): this checkout\'s API has no S3 image store yet');
  }
}

/**
 * Installs Debian's `pkg` when `command` is not on the PATH, as .ci/run does (root only: apt-get needs it).
 * @param {string} command
 * @param {string} pkg
 * @param {(line: string) => void} log
 */
export async function ensureDebianPackage(command, pkg, log) {
  const run = promisify(execFile);
  const installed = await run('sh', ['-c', `command -v ${command}`]).then(() => true, () => false);
  if (installed) return;
  if (process.getuid?.() !== 0) throw new Error(`${command} is not installed: apt-get install ${pkg} (as root)`);
  log(`== installing Debian's ${pkg}`);
  await run('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg} >/dev/null`], { timeout: 600_000 });
}
