import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { seedDemoIfEmpty } from './db/seed/demo-seed.js';

const config = loadConfig();
// A second for the clients of idle keep-alive connections to send a last request and be told 503 (plugins/draining.ts).
const app = await buildApp(config, { idleGraceMs: 1_000 });

if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(app.db, app.dialect, app.images);
  if (seeded) app.log.info(seeded, 'demo data seeded into the empty database');
}

// Graceful shutdown (close-with-grace): on SIGTERM, SIGINT or another terminating signal the requests in flight
// finish while new ones get 503 (plugins/draining.ts), then the port and the database close and the process exits 0.
// Within 10 s, or it exits 1; a second signal exits 1 at once. An uncaught error closes the same way and exits 1.
const SHUTDOWN_LIMIT_MS = 10_000;
closeWithGrace(
  {
    delay: SHUTDOWN_LIMIT_MS,
    logger: app.log,
    onTimeout: (ms) => app.log.error({ ms }, 'shutdown did not finish in time: exiting with 1'),
  },
  async ({ signal, err }) => {
    // The error is said even with LOG_LEVEL=silent, as Node would have printed it.
    if (err && config.logLevel === 'silent') console.error(err);
    if (err) app.log.error({ err }, 'uncaught error: shutting down');
    else app.log.info({ signal }, 'shutting down');
    const started = Date.now();
    await app.close();
    app.log.info({ ms: Date.now() - started }, 'shutdown complete');
  },
);

await app.listen({ port: config.port, host: config.host });
console.log(`Linkhunt API listening on ${config.publicUrl} (docs: ${config.publicUrl}/docs, database: ${app.dialect})`);
