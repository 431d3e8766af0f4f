import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Cluster, type ClusterPorts, startCluster, type StoreChoice } from '../../../scripts/cluster/cluster.mjs';
import { dropDatabase, SWIFT_S3 } from '../../../scripts/cluster/services.mjs';
import { ROOT } from '../../../scripts/site.mjs';
import { emptyImageStore } from '../../../api/src/media/image-maintenance/empty-image-store.ts';
import { clusterStore } from './store.ts';

/** Moves every port, so two copies of the suite (two checkouts) can run side by side. */
const OFFSET = Number.parseInt(process.env.LINKHUNT_CLUSTER_PORT_OFFSET ?? '0', 10) || 0;

/** The suite's ports: clear of `npm start` (4000, 5000-5005), the e2e suite (4100, 5100-5129) and start:cluster (4300, 5300-5390). */
export const TEST_PORTS: ClusterPorts = {
  api: 4400 + OFFSET,
  site: 5400 + OFFSET,
  stats: 5490 + OFFSET,
  apis: { api1: 4401 + OFFSET, api2: 4402 + OFFSET },
  shells: { shell1: 5401 + OFFSET, shell2: 5402 + OFFSET },
  remotes: { 'mf-catalogue': 5411 + OFFSET, 'mf-product': 5412 + OFFSET, 'mf-search': 5413 + OFFSET, 'mf-account': 5414 + OFFSET, 'mf-admin': 5415 + OFFSET },
};

/**
 * The APIs' settings for the suite. The rate limits stay at their defaults (the cross-instance check meets a real
 * one; every simulated visitor has an address of its own). Lifted: the daily upload and photo limits (the load uploads more
 * than a person would in a day). Off: the link checker, which would reach the real stores, and the rates' fetch, which would reach the ECB.
 */
const TEST_API_ENV = { LINK_CHECK: 'off', RATES_URL: 'off', DAILY_UPLOAD_LIMIT: '100000', DAILY_PHOTO_LIMIT: '100000', LOG_LEVEL: 'warn' };

/** The images: in Swift (S3) with IMAGE_STORE=s3, as CI runs the suite; else one folder the two APIs share. */
export const STORE_KIND: 's3' | 'local' = process.env.IMAGE_STORE === 's3' ? 's3' : 'local';

/**
 * The S3 server the API's own S3 tests use (TEST_S3_*, which .ci/run sets for the Swift it starts); without them
 * the cluster starts Swift itself (scripts/services/swift.sh).
 */
const S3_ENDPOINT = process.env.TEST_S3_ENDPOINT
  ? {
      endpoint: process.env.TEST_S3_ENDPOINT,
      region: process.env.TEST_S3_REGION ?? SWIFT_S3.region,
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? SWIFT_S3.accessKeyId,
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? SWIFT_S3.secretAccessKey,
    }
  : undefined;

/** Why the cluster cannot run here, or undefined: HAProxy, PostgreSQL, and for S3 Swift (installable by swift.sh). */
export async function missingRequirement(): Promise<string | undefined> {
  const run = promisify(execFile);
  const has = (command: string) => run('sh', ['-c', `command -v ${command}`]).then(() => true, () => false);
  if (!(await has('haproxy'))) return 'HAProxy is not installed (apt-get install haproxy; .ci/run installs it)';
  if (!(await has('redis-server')) && !(await has('redis-cli'))) return 'Redis is not installed (apt-get install redis-server)';
  if (!(await run('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']).then(() => true, () => false))) return 'PostgreSQL does not answer at 127.0.0.1:5432';
  if (STORE_KIND === 's3' && S3_ENDPOINT) {
    const answers = await fetch(`${S3_ENDPOINT.endpoint}/`, { signal: AbortSignal.timeout(2_000) }).then(() => true, () => false);
    if (!answers) return `nothing answers at TEST_S3_ENDPOINT (${S3_ENDPOINT.endpoint})`;
  } else if (STORE_KIND === 's3' && !(await has('swift-proxy-server')) && process.getuid?.() !== 0) {
    return 'Swift is not installed and this user cannot install it (scripts/services/swift.sh does, as root)';
  }
  return undefined;
}

export interface TestCluster extends Cluster {
  store: StoreChoice;
  /** Where every server's lines go (.test-results/cluster-servers.log). */
  logFile: string;
  /** Stops the cluster and drops what the run made: its database, its state folder. */
  close(): Promise<void>;
}

/** A cluster on the suite's ports, a fresh database (dropped by close) and Redis keys and S3 keys of the run's own. */
export async function startTestCluster(): Promise<TestCluster> {
  const runId = `${Date.now().toString(36)}${process.pid}`;
  const stateDir = await mkdtemp(join(tmpdir(), 'linkhunt-cluster-'));
  const postgresServer = 'postgres://postgres@127.0.0.1:5432';
  const databaseName = `linkhunt_cluster_test_${runId}`;
  const store: StoreChoice =
    STORE_KIND === 's3' ? { kind: 's3', bucket: 'linkhunt-cluster-test', keyPrefix: `run-${runId}/`, ...(S3_ENDPOINT ? { endpoint: S3_ENDPOINT } : {}) } : { kind: 'local' };
  await mkdir(join(ROOT, '.test-results'), { recursive: true });
  const logFile = join(ROOT, '.test-results/cluster-servers.log');
  const log = createWriteStream(logFile);
  const cleanUp = async () => {
    await dropDatabase(postgresServer, databaseName).catch(() => undefined);
    await rm(stateDir, { recursive: true, force: true });
    await new Promise((resolve) => log.end(resolve));
  };
  try {
    const cluster = await startCluster({
      ports: TEST_PORTS,
      stateDir,
      postgresServer,
      databaseName,
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      redisPrefix: `linkhunt-cluster-test-${runId}:`,
      store,
      apiEnv: TEST_API_ENV,
      shellEnv: { LOG_LEVEL: 'warn' },
      log: (line) => void log.write(`${line}\n`),
    });
    return {
      ...cluster,
      store,
      logFile,
      async close() {
        await cluster.stop();
        // The run's part of the shared test bucket (its key prefix), emptied; a folder goes with the state folder.
        if (store.kind === 's3') {
          const images = await clusterStore(cluster.apiEnv);
          await emptyImageStore(images).finally(() => images.close());
        }
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
