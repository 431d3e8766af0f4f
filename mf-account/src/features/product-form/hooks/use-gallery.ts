import { type GalleryItem, MAX_PRODUCT_PHOTOS, type ProductPhoto } from '@linkhunt/contracts/photos';
import { useState } from 'react';
import { type ChosenImagesProblem, useImagePreviews } from '@linkhunt/shared-ui/features/media/use-image-previews.ts';

/** A photo of the form: one the product has, or a file chosen now (with its preview); each with its alt text and QC mark. */
export type GalleryEntry = { key: string; alt: string; qc: boolean } & (
  | { kind: 'saved'; photo: ProductPhoto }
  | { kind: 'new'; file: File; preview: string }
);

export interface Gallery {
  entries: GalleryEntry[];
  /** What was wrong with the last files chosen (they were left out); null when all were taken. */
  problem: ChosenImagesProblem;
  add(files: readonly File[]): Promise<void>;
  /** Moves an entry `by` places (−1: earlier); the first place is the cover. */
  move(key: string, by: number): void;
  remove(key: string): void;
  update(key: string, change: Partial<Pick<GalleryEntry, 'alt' | 'qc'>>): void;
}

let nextKey = 0;
const savedEntry = (photo: ProductPhoto): GalleryEntry => ({ key: `saved-${photo.id}`, kind: 'saved', photo, alt: photo.alt, qc: photo.qc });

/**
 * The form's photos, in the order they will have (cover first). Chosen files are checked and previewed by
 * useImagePreviews, and beyond MAX_PRODUCT_PHOTOS refused.
 */
export function useGallery(saved: readonly ProductPhoto[]): Gallery {
  const [entries, setEntries] = useState<GalleryEntry[]>(() => saved.map(savedEntry));
  const [problem, setProblem] = useState<ChosenImagesProblem>(null);
  const previews = useImagePreviews();

  return {
    entries,
    problem,
    async add(files) {
      const { taken, problem: found } = await previews.take(files, MAX_PRODUCT_PHOTOS - entries.length);
      setProblem(found);
      const added = taken.map(({ file, preview }): GalleryEntry => ({ key: `new-${++nextKey}`, kind: 'new', file, preview, alt: '', qc: false }));
      if (added.length > 0) setEntries((now) => [...now, ...added].slice(0, MAX_PRODUCT_PHOTOS));
    },
    move(key, by) {
      setEntries((now) => {
        const from = now.findIndex((entry) => entry.key === key);
        const to = from + by;
        if (from < 0 || to < 0 || to >= now.length) return now;
        const next = [...now];
        const [moved] = next.splice(from, 1);
        if (moved) next.splice(to, 0, moved);
        return next;
      });
    },
    remove(key) {
      // Released here, not in the updater: React may run an updater twice.
      const entry = entries.find((each) => each.key === key);
      if (entry?.kind === 'new') previews.release(entry.preview);
      setEntries((now) => now.filter((entry) => entry.key !== key));
      setProblem(null);
    },
    update(key, change) {
      setEntries((now) => now.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
    },
  };
}

/** What the API takes: the new files in order, and the gallery naming each entry (a saved photo by id, a new one by its file's index). */
export function galleryForm(entries: readonly GalleryEntry[]): { photos: File[]; gallery: GalleryItem[] } {
  const photos: File[] = [];
  const gallery = entries.map((entry): GalleryItem => {
    const alt = entry.alt.trim();
    const own = { ...(alt ? { alt } : {}), ...(entry.qc ? { qc: true } : {}) };
    if (entry.kind === 'saved') return { photo: entry.photo.id, ...own };
    photos.push(entry.file);
    return { upload: photos.length - 1, ...own };
  });
  return { photos, gallery };
}
