import { loadConfig } from '../config.js';
import { readFlags } from './command-line.js';
import { openImageStore } from '../media/image-store/create-image-store.js';
import { LocalImageStore } from '../media/image-store/local-image-store.js';
import { migrateImages } from '../media/image-maintenance/migrate-images.js';

const usage = `Usage: node dist/cli/images-migrate.js [--dry-run] [--from DIR]

Copies the images of the image folder (IMAGE_DIR, or --from DIR: its images/, avatars/ and share/ folders)
into the configured S3 store (IMAGE_STORE=s3 and the S3_* settings). A file already in the bucket with the
same size and content is not copied again, so the command can run again (after an interrupted run, or just
before switching over) and only copies what is missing. With --dry-run it says what it would copy.`;

async function main(): Promise<number> {
  const values = readFlags({ 'dry-run': { type: 'boolean' }, from: { type: 'string' } }, usage);
  if (typeof values === 'number') return values;
  const config = loadConfig();
  if (config.imageStore.driver !== 's3') {
    console.error(`images:migrate copies the image folder into an S3 store: set IMAGE_STORE=s3 and the S3_* settings first.\n\n${usage}`);
    return 2;
  }
  const source = new LocalImageStore(values.from ?? config.imageDir);
  const target = await openImageStore(config);
  try {
    const dryRun = values['dry-run'] === true;
    const started = performance.now();
    const report = await migrateImages(source, target, { dryRun });
    for (const key of report.copied) console.log(`${dryRun ? 'would copy' : 'copied'} ${key}`);
    for (const { key, error } of report.failed) console.error(`failed ${key}: ${error}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${dryRun ? 'Dry run: would copy' : 'Copied'} ${report.copied.length}, ${report.unchanged} already there, ${report.failed.length} failed, `
      + `from ${source.description} to ${target.description} in ${seconds} s.`);
    return report.failed.length > 0 ? 1 : 0;
  } finally {
    target.close();
  }
}

process.exitCode = await main();
