import type { ImageStore } from './image-store.js';
import { LocalImageStore } from './local-image-store.js';
import type { ImageStoreConfig } from './store-config.js';

/** The store the settings name. The S3 driver (and its SDK, a quarter of a second to load) is loaded only when used. */
export async function createImageStore(settings: { imageStore: ImageStoreConfig; imageDir: string }): Promise<ImageStore> {
  const { imageStore } = settings;
  if (imageStore.driver === 'local') return new LocalImageStore(settings.imageDir);
  const { S3ImageStore } = await import('./s3-image-store.js');
  return new S3ImageStore(imageStore);
}

/** For a command: the store, once it answers; otherwise an error that says which store and why. */
export async function openImageStore(settings: { imageStore: ImageStoreConfig; imageDir: string }): Promise<ImageStore> {
  const store = await createImageStore(settings);
  try {
    await store.check();
  } catch (error) {
    store.close();
    throw new Error(`The image store (${store.description}) cannot be used: ${(error as Error).message}`, { cause: error });
  }
  return store;
}
