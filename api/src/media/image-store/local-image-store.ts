import { randomBytes } from 'node:crypto';
import { type FileHandle, access, constants, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import {
  checkedKey, contentTypeOf, type ImageStore, ImageStoreUnavailableError, isImageKey, type ListedImage, type StoredImage, type StoredImageInfo,
} from './image-store.js';

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException | null)?.code ?? '');

/** What `send` (behind @fastify/static) answers for a file: its size and modification time, so a rewrite changes it. */
const weakEtag = (size: number, modified: Date) => `W/"${size.toString(16)}-${modified.getTime().toString(16)}"`;

/**
 * The images in a folder on this machine (IMAGE_DIR): right for one API instance, or several sharing a mount.
 * The content type follows the name's extension.
 */
export class LocalImageStore implements ImageStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  get description(): string {
    return `folder ${this.root}`;
  }

  /** The file of a checked key; the resolve check is a second lock on the same door. */
  private path(key: string): string {
    const path = resolve(this.root, checkedKey(key));
    if (!path.startsWith(this.root + sep)) throw new Error(`image key outside the store: ${key}`);
    return path;
  }

  /**
   * Written under a unique hidden temporary name and renamed into place: a reader sees no file or the whole file.
   * The content type is not kept: the name's extension says it when the file is read.
   */
  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredImage | null> {
    let handle: FileHandle;
    try {
      handle = await open(this.path(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    // Read through the handle that was stat'ed: a file replaced meanwhile is answered whole, as it was.
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return { ...this.info(key, stats.size, stats.mtime), body: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<StoredImageInfo | null> {
    try {
      const stats = await stat(this.path(key));
      return stats.isFile() ? this.info(key, stats.size, stats.mtime) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private info(key: string, size: number, lastModified: Date): StoredImageInfo {
    return { size, lastModified, etag: weakEtag(size, lastModified), contentType: contentTypeOf(key) };
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedImage> {
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    if (folder !== '' && !isImageKey(folder.slice(0, -1))) throw new Error(`not an image key prefix: ${prefix}`);
    const start = join(this.root, folder);
    let entries;
    try {
      entries = await readdir(start, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      // Temporary files (hidden) and names no key can have are not the store's.
      if (!key.startsWith(prefix) || !isImageKey(key)) continue;
      try {
        const stats = await stat(join(this.root, key));
        yield { key, size: stats.size, lastModified: stats.mtime };
      } catch (error) {
        if (!isMissing(error)) throw error; // removed since the folder was read
      }
    }
  }

  close(): void {
    // Nothing is held open between calls.
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new ImageStoreUnavailableError(`the image folder ${this.root} cannot be written: ${(error as Error).message}`, true, { cause: error });
    }
  }
}
