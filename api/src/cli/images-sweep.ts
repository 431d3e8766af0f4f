import { loadConfig } from '../config.js';
import { readFlags } from './command-line.js';
import { connectDatabase } from '../db/connect.js';
import { openImageStore } from '../media/image-store/create-image-store.js';
import { sweepImages } from '../media/image-maintenance/sweep-images.js';

const usage = `Usage: node dist/cli/images-sweep.js [--dry-run] [--grace-minutes N] [--force]

Removes the files of the image store (IMAGE_STORE) that no row of the database (DATABASE_URL) refers to:
product pictures, gallery and review photos with their thumbnails, brand logos, avatars, and share cards whose
picture is gone. Only files
older than the grace period (IMAGE_SWEEP_GRACE_MINUTES, default 60; --grace-minutes overrides it), since an
upload writes its files just before its row. Prints each file it removes. --dry-run removes nothing and says
what it would remove. It refuses to sweep when no row refers to any image (a wrong DATABASE_URL would
empty the store) unless --force is given.`;

async function main(): Promise<number> {
  const values = readFlags({ 'dry-run': { type: 'boolean' }, 'grace-minutes': { type: 'string' }, force: { type: 'boolean' } }, usage);
  if (typeof values === 'number') return values;
  const grace = values['grace-minutes'];
  if (grace !== undefined && !/^\d+$/.test(grace)) {
    console.error(`--grace-minutes takes a whole number of minutes, got "${grace}"\n\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  const graceMinutes = grace === undefined ? config.imageSweepGraceMinutes : Number(grace);
  const store = await openImageStore(config);
  const { db } = connectDatabase(config.databaseUrl);
  try {
    const dryRun = values['dry-run'] === true;
    const report = await sweepImages(store, db, { graceMs: graceMinutes * 60_000, dryRun, force: values.force === true });
    const failed = new Set(report.failed.map((f) => f.key));
    for (const key of report.orphans) if (!failed.has(key)) console.log(`${dryRun ? 'would remove' : 'removed'} ${key}`);
    for (const { key, error } of report.failed) console.error(`failed ${key}: ${error}`);
    const removed = report.orphans.length - report.failed.length;
    console.log(`${dryRun ? 'Dry run: would remove' : 'Removed'} ${removed} from ${store.description}; ${report.inUse} in use, `
      + `${report.young} younger than ${graceMinutes} min left alone, ${report.failed.length} failed.`);
    return report.failed.length > 0 ? 1 : 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await db.destroy();
    store.close();
  }
}

process.exitCode = await main();
