import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { contentTypeOf, type ImageStore, type ListedImage, STORE_PREFIXES } from '../image-store/image-store.js';
import { runPool } from '../run-pool.js';

export interface MigrationReport {
  copied: string[];
  /** Already in the target with the same size and content. */
  unchanged: number;
  failed: { key: string; error: string }[];
}

const STORE_CONCURRENCY = 8;

/** An S3 ETag of a one-part upload is the MD5 of the content; a multipart one (with a `-`) says nothing we can compare. */
function sameContent(target: ListedImage, data: Buffer): boolean {
  if (target.size !== data.length) return false;
  const md5 = /^(?:W\/)?"?([0-9a-f]{32})"?$/.exec(target.etag ?? '');
  return md5 ? md5[1] === createHash('md5').update(data).digest('hex') : true;
}

/**
 * images:migrate: copies every file of the store's folders from `source` (the old image folder) to `target`
 * (the bucket) that the target lacks or holds different, so that a second run copies nothing. The target is
 * listed once per folder rather than asked file by file. With dryRun, says what it would copy.
 */
export async function migrateImages(source: ImageStore, target: ImageStore, options: { dryRun: boolean }): Promise<MigrationReport> {
  const present = new Map<string, ListedImage>();
  for (const prefix of STORE_PREFIXES) for await (const file of target.list(prefix)) present.set(file.key, file);

  const report: MigrationReport = { copied: [], unchanged: 0, failed: [] };
  const tasks: (() => Promise<void>)[] = [];
  for (const prefix of STORE_PREFIXES) {
    for await (const file of source.list(prefix)) {
      tasks.push(async () => {
        try {
          const stored = await source.get(file.key);
          if (!stored) return; // removed since the listing
          const data = await buffer(stored.body);
          const there = present.get(file.key);
          if (there && sameContent(there, data)) {
            report.unchanged++;
            return;
          }
          if (!options.dryRun) await target.put(file.key, data, contentTypeOf(file.key));
          report.copied.push(file.key);
        } catch (error) {
          report.failed.push({ key: file.key, error: (error as Error).message });
        }
      });
    }
  }
  await runPool(tasks, STORE_CONCURRENCY);
  report.copied.sort();
  return report;
}
