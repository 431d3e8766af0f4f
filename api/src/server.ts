import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { seedDemoIfEmpty } from './seed/demo-seed.js';

const config = loadConfig();
const app = await buildApp(config);

if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(app.db, app.dialect, app.images);
  if (seeded) app.log.info(seeded, 'demo data seeded into the empty database');
}

// Graceful shutdown: stop accepting, let requests in flight finish, close the database, then exit.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}

await app.listen({ port: config.port, host: config.host });
console.log(`Linkhunt API listening on ${config.publicUrl} (docs: ${config.publicUrl}/docs, database: ${app.dialect})`);
