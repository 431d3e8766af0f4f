import type { DehydratedState } from '@tanstack/query-core';
import type { RemotesManifest } from './remotes.js';
import type { SiteConfig } from './site-config.js';

/** One API answer as the shell server got it while rendering a page; `status` null when none came (down, too slow). */
export interface PrefetchedAnswer {
  status: number | null;
  /** The parsed JSON body; null without one. */
  data: unknown;
}

/**
 * What the browser needs before any script runs, as JSON in the head (`<script type="application/json"
 * id="linkhunt-boot">`): the shell's boot script takes these instead of fetching config.json and remotes.json.
 */
export interface BootState {
  config: SiteConfig;
  /** The remote entries the page was rendered with: the browser registers exactly these. */
  remotes: RemotesManifest;
}

/** The id of the element that carries the BootState. */
export const BOOT_STATE_ID = 'linkhunt-boot';

/**
 * What a server-rendered page hands the browser, as JSON at the end of the body (`<script type="application/json"
 * id="linkhunt-state">`): enough for the first browser render to equal the server's, so hydration never asks the
 * API again.
 */
export interface HydrationState {
  language: string;
  /** The render's query cache (TanStack Query's dehydrate): the API answers the page was rendered from. */
  queries: DehydratedState;
  /** The translations the render used: namespace → that language's resources. */
  words: Record<string, Record<string, unknown>>;
  /** The remotes the server could render (it had their server entries): their areas are on the page already. */
  serverRemotes: string[];
}

/** The id of the element that carries the HydrationState. */
export const HYDRATION_STATE_ID = 'linkhunt-state';
