import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { readFlags } from './command-line.js';
import { connectDatabase } from '../db/connect.js';
import { migrateDownAll, migrateToLatest } from '../db/migrate.js';
import { LocalImageStore } from '../plugins/images.js';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo-seed.js';

const usage = `Usage: node dist/cli/reset.js [--force]

Drops every table of the configured database (DATABASE_URL), migrates it again, empties the image
folder (IMAGE_DIR) and seeds the demo data. Everything stored is lost. With NODE_ENV=production it
refuses unless --force is given.`;

async function main(): Promise<number> {
  const values = readFlags({ force: { type: 'boolean' } }, usage);
  if (typeof values === 'number') return values;
  if (process.env.NODE_ENV === 'production' && !values.force) {
    console.error(`NODE_ENV is production: refusing to wipe the database without --force.\n\n${usage}`);
    return 1;
  }

  const config = loadConfig();
  const { db, dialect } = connectDatabase(config.databaseUrl);
  try {
    const started = performance.now();
    console.log(`Resetting ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//')} and ${config.imageDir}`);
    await migrateDownAll(db);
    await migrateToLatest(db);
    // Only the store's own folders go: IMAGE_DIR itself may be a mount or hold other files.
    await Promise.all(['images', 'avatars'].map((folder) => rm(join(config.imageDir, folder), { recursive: true, force: true })));
    const summary = await seedDemo(db, dialect, new LocalImageStore(config.imageDir));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Reset and seeded ${dialect} in ${seconds} s: ${Object.entries(summary).map(([k, v]) => `${v} ${k}`).join(', ')}.`);
    console.log(`Demo accounts sign in as <username>@example.com with the password "${DEMO_PASSWORD}".`);
    return 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
