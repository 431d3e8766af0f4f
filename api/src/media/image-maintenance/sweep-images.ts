import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type ImageStore, STORE_PREFIXES } from '../image-store/image-store.js';
import { runPool } from '../run-pool.js';
import { referencedImageKeys } from './referenced-images-repository.js';

export interface SweepOptions {
  /** Files younger than this are left alone: an upload writes its files before its row commits. */
  graceMs: number;
  /** Say what would go, remove nothing. */
  dryRun: boolean;
  /** Go on even when no row refers to any image (an empty or wrong database would otherwise empty the store). */
  force?: boolean;
  now?: number;
}

export interface SweepReport {
  /** The files no row refers to, old enough: removed, or with dryRun what would be. */
  orphans: string[];
  /** Files a row refers to (a share card: whose picture a row refers to). */
  inUse: number;
  /** Files younger than the grace period, left whatever they are. */
  young: number;
  failed: { key: string; error: string }[];
}

/** `share/products/x.jpg` is the card of `images/products/x.webp`; null for a key of no card's shape. */
function cardSource(key: string): string | null {
  const match = /^share\/([^/]+)\/([^/]+)\.jpg$/.exec(key);
  return match ? `images/${match[1]}/${match[2]}.webp` : null;
}

const STORE_CONCURRENCY = 8;

/**
 * images:sweep: removes the stored files that no row refers to (left by a crash between a file's write and
 * its row's, a removal that failed, an image replaced while the store was down), and the share cards whose
 * picture no row refers to. Only files older than the grace period; only the store's own folders. The
 * files are listed before the rows are read, so a row committed meanwhile is seen.
 */
export async function sweepImages(store: ImageStore, db: Kysely<Database>, options: SweepOptions): Promise<SweepReport> {
  const cutoff = (options.now ?? Date.now()) - options.graceMs;
  const old: string[] = [];
  let young = 0;
  for (const prefix of STORE_PREFIXES) {
    for await (const file of store.list(prefix)) {
      if (file.lastModified.getTime() <= cutoff) old.push(file.key);
      else young++;
    }
  }
  const referenced = await referencedImageKeys(db);
  if (referenced.size === 0 && old.length > 0 && !options.force) {
    throw new Error(`No row of this database refers to any image, yet the store holds ${old.length} old enough to sweep: `
      + 'is DATABASE_URL the site\'s database? Nothing was removed (--force sweeps anyway).');
  }
  const inUse = (key: string) => referenced.has(cardSource(key) ?? key);
  const orphans = old.filter((key) => !inUse(key)).sort();
  const failed: SweepReport['failed'] = [];
  if (!options.dryRun) {
    await runPool(orphans.map((key) => async () => {
      await store.remove(key).catch((error: unknown) => failed.push({ key, error: (error as Error).message }));
    }), STORE_CONCURRENCY);
  }
  return { orphans, inUse: old.length - orphans.length, young, failed };
}
