import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { openImageStore } from '../media/image-store/create-image-store.js';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../db/seed/demo-seed.js';

/**
 * db:seed: puts the demo data into the configured database and image store (DATABASE_URL, IMAGE_STORE, as
 * for the server), migrating it first. It only ever seeds an empty catalogue, so it never mixes demo rows
 * into real ones; db:reset is the way to start over.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const images = await openImageStore(config);
  const { db, dialect } = connectDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const summary = await seedDemoIfEmpty(db, dialect, images);
    if (!summary) {
      console.log('The database already has a catalogue (products, categories or brands): nothing seeded. Run db:reset to start over.');
      return 0;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Seeded ${dialect} in ${seconds} s: ${Object.entries(summary).map(([k, v]) => `${v} ${k}`).join(', ')}.`);
    console.log(`Demo accounts sign in as <username>@example.com with the password "${DEMO_PASSWORD}".`);
    return 0;
  } finally {
    await db.destroy();
    images.close();
  }
}

process.exitCode = await main();
