import { useCallback, useEffect, useRef } from 'react';
import { imageProblem } from './image-file.ts';

/** A file taken, with the object URL that previews it. */
export interface ChosenImage {
  file: File;
  preview: string;
}

/** Why files chosen were left out: the first wrong file's problem, or 'tooMany' once there was no room left. */
export type ChosenImagesProblem = 'type' | 'size' | 'tooMany' | null;

export interface ImagePreviews {
  /** Checks `files` as the API does and takes those that fit in `room`, each with a preview. */
  take(files: readonly File[], room: number): Promise<{ taken: ChosenImage[]; problem: ChosenImagesProblem }>;
  /** Releases a preview of a file no longer chosen. */
  release(preview: string): void;
}

/**
 * The previews of the images a form is choosing (a product's photos, a review's). Files are checked as the API
 * checks them (imageProblem: PNG or JPEG by their bytes, at most 2 MB); each preview is an object URL, released when
 * its file is dropped or the form closes.
 */
export function useImagePreviews(): ImagePreviews {
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const take = useCallback(async (files: readonly File[], room: number) => {
    let problem: ChosenImagesProblem = null;
    const taken: ChosenImage[] = [];
    for (const file of files) {
      const wrong = await imageProblem(file);
      if (wrong) {
        problem ??= wrong;
        continue;
      }
      if (taken.length >= room) {
        problem = 'tooMany';
        break;
      }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      taken.push({ file, preview });
    }
    return { taken, problem };
  }, []);
  const release = useCallback((preview: string) => {
    URL.revokeObjectURL(preview);
    previews.current.delete(preview);
  }, []);
  return { take, release };
}
