import { type ImageStore, STORE_PREFIXES } from '../image-store/image-store.js';
import { runPool } from '../run-pool.js';

/** Removes every file of the store's own folders (images/, avatars/, share/) and nothing else; their count. */
export async function emptyImageStore(store: ImageStore): Promise<number> {
  const keys: string[] = [];
  for (const prefix of STORE_PREFIXES) for await (const file of store.list(prefix)) keys.push(file.key);
  await runPool(keys.map((key) => () => store.remove(key)), 16);
  return keys.length;
}
