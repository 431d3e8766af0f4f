// @ts-check
// `npm run start:cluster`: the built site as a cluster on this machine (scripts/cluster/cluster.mjs), until Ctrl-C.
// docs/deploying.md describes it. Environment: CLUSTER_POSTGRES (postgres://postgres@127.0.0.1:5432),
// CLUSTER_DATABASE (linkhunt_cluster), REDIS_URL (redis://127.0.0.1:6379), CLUSTER_IMAGE_STORE (s3, or local: one
// folder both APIs share, without Swift), S3_BUCKET (linkhunt-cluster), CLUSTER_LOG (quiet: only the servers'
// warnings and errors; all: every line).
import { join } from 'node:path';
import { ROOT } from '../site.mjs';
import { CLUSTER_PORTS, startCluster } from './cluster.mjs';
import { ensureDebianPackage } from './services.mjs';

const env = process.env;
const store = env.CLUSTER_IMAGE_STORE === 'local' ? /** @type {const} */ ({ kind: 'local' }) : /** @type {const} */ ({ kind: 's3', bucket: env.S3_BUCKET || 'linkhunt-cluster' });
const everything = env.CLUSTER_LOG === 'all';

/** @type {import('./cluster.mjs').Cluster | undefined} */
let running;
let stopping = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    // A second Ctrl-C, or one while the cluster is still starting, means now: every child server is killed as this
    // process exits (site.mjs startProcess).
    if (stopping || !running) process.exit(1);
    stopping = true;
    console.log('\nStopping the cluster...');
    void running.stop().then(() => process.exit(0));
  });
}

console.log('Starting the Linkhunt cluster (HAProxy, 2 APIs, 2 shell servers, PostgreSQL, Redis, Swift; the first start seeds demo data)...');
/** @type {import('./cluster.mjs').Cluster} */
let cluster;
try {
  await ensureDebianPackage('haproxy', 'haproxy', console.log);
  await ensureDebianPackage('redis-server', 'redis-server', console.log);
  cluster = await startCluster({
    ports: CLUSTER_PORTS,
    stateDir: join(ROOT, '.cluster'),
    postgresServer: env.CLUSTER_POSTGRES || 'postgres://postgres@127.0.0.1:5432',
    databaseName: env.CLUSTER_DATABASE || 'linkhunt_cluster',
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    store,
    // A request's line from four servers at once is noise; their warnings and errors are not.
    apiEnv: { LOG_LEVEL: everything ? 'info' : 'warn' },
    shellEnv: { LOG_LEVEL: everything ? 'info' : 'warn' },
    log: (line) => console.log(line),
    onUnexpectedExit: (name, how) => console.error(`\n${name} stopped (${how}): HAProxy sends its traffic to the other instance.`),
  });
} catch (error) {
  console.error(`\nThe cluster could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

running = cluster;
const { urls } = cluster;
console.log(`
  Linkhunt cluster is running: ${urls.site}/es/index
  API (balanced):            ${urls.api} (docs: ${urls.api}/docs)
  HAProxy statistics:        ${urls.stats}
  API instances:             ${urls.apis.api1}, ${urls.apis.api2}
  Shell servers:             ${urls.shells.shell1}, ${urls.shells.shell2}
  Database:                  ${cluster.databaseUrl}
  Images:                    ${store.kind === 's3' ? `S3 bucket ${store.bucket} at ${cluster.apiEnv.S3_ENDPOINT}` : cluster.apiEnv.IMAGE_DIR}
  Press Ctrl-C to stop.
`);

