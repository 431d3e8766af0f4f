import type { RemoteModule } from './remote-load-errors.ts';

/**
 * The remote pages loaded in this visit. Coming back to one (Back) renders it in the same commit as the
 * navigation, from the query cache, with no spinner in between: as tall as it was, so the scroll can go back
 * where it was (ScrollToTop).
 */
const loaded = new Map<string, RemoteModule>();

export const loadedPage = (id: string): RemoteModule | undefined => loaded.get(id);

export function rememberPage(id: string, module: RemoteModule): RemoteModule {
  // On the server every render starts from the lazy page, as the browser's hydration does.
  if (typeof window !== 'undefined') loaded.set(id, module);
  return module;
}

/** Forgets them all (each test starts a new visit). */
export const forgetPages = (): void => loaded.clear();
