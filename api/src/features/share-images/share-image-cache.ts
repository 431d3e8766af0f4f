import { buffer } from 'node:stream/consumers';
import type { ShareImageFolder } from '@linkhunt/contracts/share-image';
import type { ImageStore } from '../../media/image-store/image-store.js';
import { renderShareImage } from '../../media/share-image.js';

/**
 * Share renditions of the stored images, made on first request and kept in the image store under
 * `share/<folder>/<name>.jpg`, next to the `images/` folder their sources are in. Stored names are never
 * reused, so a kept rendition never goes stale; but when its source is gone (a product removed) the
 * rendition is deleted too on its next request, so a taken-down picture does not stay public through its card.
 */
export class ShareImageCache {
  /** One lookup per image at a time in this instance: concurrent first requests wait for the same rendering. */
  private readonly inFlight = new Map<string, Promise<string | null>>();

  constructor(
    private readonly store: ImageStore,
    private readonly render: (source: Buffer) => Promise<Buffer> = renderShareImage,
  ) {}

  /** The stored image's key and its rendition's. The caller has checked the name (no dots, no slashes). */
  keys(folder: ShareImageFolder, name: string): { source: string; rendition: string } {
    return { source: `images/${folder}/${name}.webp`, rendition: `share/${folder}/${name}.jpg` };
  }

  /** The key of the stored image's JPEG once it is in the store (rendered now if need be), or null when there is no such image. */
  ensure(folder: ShareImageFolder, name: string): Promise<string | null> {
    const id = `${folder}/${name}`;
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = this.load(folder, name).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, pending);
    }
    return pending;
  }

  private async load(folder: ShareImageFolder, name: string): Promise<string | null> {
    const keys = this.keys(folder, name);
    const [source, kept] = await Promise.all([this.store.head(keys.source), this.store.head(keys.rendition)]);
    if (!source) {
      if (kept) await this.store.remove(keys.rendition);
      return null;
    }
    if (kept) return keys.rendition;
    // Deleted between the look and the read: as unknown as if it had never been there.
    const stored = await this.store.get(keys.source);
    if (!stored) return null;
    const rendition = await this.render(await buffer(stored.body));
    await this.store.put(keys.rendition, rendition, 'image/jpeg');
    return keys.rendition;
  }
}
