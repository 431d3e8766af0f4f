import { useState } from 'react';

/**
 * An image that may be missing: `imageSrc` is null without a URL or once that URL failed to load, so the
 * caller shows its stand-in (initials, a monogram) instead of a broken-image icon. A new URL is tried afresh.
 */
export function useImageFallback(src: string | null): { imageSrc: string | null; onError: () => void } {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return { imageSrc: src === failedSrc ? null : src, onError: () => setFailedSrc(src) };
}
