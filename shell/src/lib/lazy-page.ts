import { type ComponentType, lazy } from 'react';

/** The event name Vite itself dispatches when a chunk's preload fails, so one listener covers both. */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

/**
 * A lazily loaded page (spec section 2). A failed load (a new deployment removed the old chunk, the network
 * dropped) dispatches the preload-error event and rethrows unless a listener handled it (preventDefault).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    try {
      return await load();
    } catch (error) {
      const event = new CustomEvent(PRELOAD_ERROR_EVENT, { cancelable: true, detail: error });
      if (window.dispatchEvent(event)) throw error;
      return { default: () => null };
    }
  });
}
