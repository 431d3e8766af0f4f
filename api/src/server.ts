import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { seedDemoIfEmpty } from './seed/demo-seed.js';

const config = loadConfig();
const app = await buildApp(config);

if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(app.db, app.dialect, app.images);
  if (seeded) app.log.info(seeded, 'demo data seeded into the empty database');
}

// Graceful shutdown: the requests in flight finish while new ones get 503 (plugins/draining.ts), then the
// port and the database close and the process exits 0. Within 10 s, or it exits 1.
const SHUTDOWN_LIMIT_MS = 10_000;
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const started = Date.now();
    const force = setTimeout(() => {
      app.log.error({ ms: SHUTDOWN_LIMIT_MS }, 'shutdown did not finish in time: exiting with 1');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    app.close().then(
      () => {
        app.log.info({ ms: Date.now() - started }, 'shutdown complete');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
console.log(`Linkhunt API listening on ${config.publicUrl} (docs: ${config.publicUrl}/docs, database: ${app.dialect})`);
