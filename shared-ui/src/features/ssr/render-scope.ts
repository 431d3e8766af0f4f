import type { PrefetchedAnswer } from '@linkhunt/contracts/ssr';
import type { SiteConfig } from '@linkhunt/contracts/site-config';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Everything one server render may read or write. The shell server runs each render inside its own scope
 * (an AsyncLocalStorage it puts on globalThis), so two requests rendered at once never see each other's
 * configuration, queries or status, whichever copy of this module a remote bundled.
 */
export interface RenderScope {
  config: SiteConfig;
  language: string;
  /** This render's query cache: dehydrated into the page, so the browser's first render asks nothing. */
  queryClient: QueryClient;
  /** A GET of the API for this render, in its language and within its budget; never rejects. */
  fetch(path: string): Promise<PrefetchedAnswer>;
  /** A page state that decides the response's status (404 for an unknown product, 503 when the API is down). */
  setStatus(status: number): void;
}

interface ScopeStorage {
  getStore(): RenderScope | undefined;
}

export const RENDER_SCOPE_KEY = Symbol.for('linkhunt.render-scope');

/** The scope of the render under way on the server; undefined in the browser. */
export function renderScope(): RenderScope | undefined {
  return (globalThis as { [RENDER_SCOPE_KEY]?: ScopeStorage })[RENDER_SCOPE_KEY]?.getStore();
}
