import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../../api/src/config.ts';
import { connectDatabase } from '../../../api/src/db/connect.ts';
import { referencedImageKeys } from '../../../api/src/media/image-maintenance/referenced-images-repository.ts';
import { openImageStore } from '../../../api/src/media/image-store/create-image-store.ts';
import { type ImageStore, STORE_PREFIXES } from '../../../api/src/media/image-store/image-store.ts';
import { ROOT } from '../../../scripts/site.mjs';

/**
 * The cluster's image store and database as the API instances see them (the same settings, the API's own code):
 * for making orphans as a killed upload leaves them, running the sweep, and emptying the run's part of the bucket.
 */

/** The store the instances use, from their settings. */
export function clusterStore(apiEnv: Record<string, string>): Promise<ImageStore> {
  return openImageStore(loadConfig({ ...apiEnv }));
}

/** Every key in the store's own folders. */
export async function storedKeys(store: ImageStore): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const prefix of STORE_PREFIXES) for await (const file of store.list(prefix)) keys.add(file.key);
  return keys;
}

/** Every key a row of the cluster's database refers to. */
export async function referencedKeys(apiEnv: Record<string, string>): Promise<Set<string>> {
  const { db } = connectDatabase(loadConfig({ ...apiEnv }).databaseUrl, { poolSize: 1 });
  try {
    return await referencedImageKeys(db);
  } finally {
    await db.destroy();
  }
}

/** `images:sweep` as an operator runs it, with the instances' settings: the keys it says it removed, and its summary. */
export async function sweep(apiEnv: Record<string, string>, graceMinutes: number): Promise<{ removed: string[]; summary: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'api/dist/cli/images-sweep.js'), '--grace-minutes', String(graceMinutes)], {
    cwd: join(ROOT, 'api'),
    env: { ...process.env, ...apiEnv },
  });
  const lines = stdout.trim().split('\n');
  return { removed: lines.flatMap((line) => (line.startsWith('removed ') ? [line.slice('removed '.length)] : [])), summary: lines.at(-1) ?? '' };
}
