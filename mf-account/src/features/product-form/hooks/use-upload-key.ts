import { useCallback, useRef } from 'react';
import type { GalleryEntry } from './use-gallery.ts';

/** 128 random bits as hex: visible ASCII, as the API asks. Not crypto.randomUUID, which plain-http pages lack. */
function newUploadKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What makes two submissions "the same upload": the values as sent and the photos in their order, with their alt
 * text and QC mark (a file picked again counts as the same).
 */
export function uploadSignature(values: object, photos: readonly GalleryEntry[]): string {
  const described = photos.map((entry) => [
    entry.kind === 'saved' ? entry.photo.id : [entry.file.name, entry.file.size, entry.file.type, entry.file.lastModified],
    entry.alt,
    entry.qc,
  ]);
  return JSON.stringify([values, described]);
}

interface StoredKey {
  signature: string;
  key: string;
}

/**
 * The Idempotency-Key of an upload: made for a draft's first submission and sent again with every retry of
 * that same draft (after a network error or a timeout, when the API may well have created the product), so the
 * product is created once. Kept in local storage beside the draft, so a retry after a reload is recognised
 * too. A changed draft is a new upload with a new key; `forget` drops the key once the upload is accepted.
 */
export function useUploadKey(storageKey: string): { keyFor: (signature: string) => string; forget: () => void } {
  // Also held in memory: a retry without a reload is recognised even where storage is blocked.
  const current = useRef<StoredKey | null>(null);
  const keyFor = useCallback(
    (signature: string) => {
      const known = [current.current, readStored(storageKey)].find((entry) => entry?.signature === signature);
      if (known) return known.key;
      const fresh: StoredKey = { signature, key: newUploadKey() };
      current.current = fresh;
      try {
        localStorage.setItem(storageKey, JSON.stringify(fresh));
      } catch {
        // A full or blocked storage only costs recognising a retry after a reload.
      }
      return fresh.key;
    },
    [storageKey],
  );
  const forget = useCallback(() => {
    current.current = null;
    try {
      localStorage.removeItem(storageKey);
    } catch {
      // Blocked storage kept nothing to remove.
    }
  }, [storageKey]);
  return { keyFor, forget };
}

function readStored(storageKey: string): StoredKey | null {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Partial<StoredKey> | null;
    return typeof value?.signature === 'string' && typeof value.key === 'string' ? { signature: value.signature, key: value.key } : null;
  } catch {
    return null;
  }
}
