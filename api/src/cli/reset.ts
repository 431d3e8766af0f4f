import { loadConfig } from '../config.js';
import { readFlags } from './command-line.js';
import { connectDatabase } from '../db/connect.js';
import { migrateDownAll, migrateToLatest } from '../db/migrate.js';
import { openImageStore } from '../media/image-store/create-image-store.js';
import { emptyImageStore } from '../media/image-maintenance/empty-image-store.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo-seed.js';

const usage = `Usage: node dist/cli/reset.js [--force]

Drops every table of the configured database (DATABASE_URL), migrates it again, empties the image
store (IMAGE_STORE: its images/, avatars/ and share/ folders, nothing else) and seeds the demo data.
Everything stored is lost. With NODE_ENV=production it refuses unless --force is given.`;

async function main(): Promise<number> {
  const values = readFlags({ force: { type: 'boolean' } }, usage);
  if (typeof values === 'number') return values;
  if (process.env.NODE_ENV === 'production' && !values.force) {
    console.error(`NODE_ENV is production: refusing to wipe the database without --force.\n\n${usage}`);
    return 1;
  }

  const config = loadConfig();
  const images = await openImageStore(config);
  const { db, dialect } = connectDatabase(config.databaseUrl);
  try {
    const started = performance.now();
    console.log(`Resetting ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//')} and the image store, ${images.description}`);
    await migrateDownAll(db);
    await migrateToLatest(db);
    // Only the store's own folders go: IMAGE_DIR may be a mount holding other files, a bucket other things.
    await emptyImageStore(images);
    const summary = await seedDemo(db, dialect, images);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Reset and seeded ${dialect} in ${seconds} s: ${Object.entries(summary).map(([k, v]) => `${v} ${k}`).join(', ')}.`);
    console.log(`Demo accounts sign in as <username>@example.com with the password "${DEMO_PASSWORD}".`);
    return 0;
  } finally {
    await db.destroy();
    images.close();
  }
}

process.exitCode = await main();
