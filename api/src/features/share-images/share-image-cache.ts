import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ShareImageFolder } from '@linkhunt/contracts/share-image';
import { renderShareImage } from '../../media/share-image.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Reads a file, or null when it does not exist; any other failure is ours and propagates. */
async function readIfPresent(path: string): Promise<Buffer | null> {
  return readFile(path).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    (error: unknown) => {
      if (isMissing(error)) return false;
      throw error;
    },
  );
}

/** Written under a unique temporary name and renamed into place: a reader sees no file or the whole file. */
async function writeAtomically(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Share renditions of the stored images, made on first request and kept on disk under
 * `<imageDir>/share/<folder>/<name>.jpg`, next to the `images/` folder their sources are in. Stored
 * names are never reused, so a kept rendition never goes stale; but when its source is deleted (a product
 * removed) the rendition is deleted too on its next request, so a taken-down picture does not stay
 * public through its card.
 */
export class ShareImageCache {
  /** One lookup per image at a time: concurrent first requests wait for the same rendering. */
  private readonly inFlight = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly imageDir: string,
    private readonly render: (source: Buffer) => Promise<Buffer> = renderShareImage,
  ) {}

  /** The stored image's path and its rendition's. The caller has checked the name (no dots, no slashes). */
  paths(folder: ShareImageFolder, name: string): { source: string; rendition: string } {
    return {
      source: join(this.imageDir, 'images', folder, `${name}.webp`),
      rendition: join(this.imageDir, 'share', folder, `${name}.jpg`),
    };
  }

  /** The JPEG for a stored image, or null when there is no such image. */
  get(folder: ShareImageFolder, name: string): Promise<Buffer | null> {
    const key = `${folder}/${name}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.load(folder, name).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async load(folder: ShareImageFolder, name: string): Promise<Buffer | null> {
    const paths = this.paths(folder, name);
    if (!(await exists(paths.source))) {
      await rm(paths.rendition, { force: true });
      return null;
    }
    const kept = await readIfPresent(paths.rendition);
    if (kept) return kept;
    // Deleted between the check and the read: as unknown as if it had never been there.
    const source = await readIfPresent(paths.source);
    if (!source) return null;
    const rendition = await this.render(source);
    await writeAtomically(paths.rendition, rendition);
    return rendition;
  }
}
