import type { SiteConfig } from '@linkhunt/contracts/site-config';
import type { InlineSources } from '../../lib/static-site/content-security-policy.mjs';

/** What the server's main thread asks a render worker for. */
export interface PageRequest {
  /** Path and query, `/es/product/x?y=1`, its first segment a supported language. */
  url: string;
  /** The site configuration of this render, `siteUrl` always set. */
  config: SiteConfig;
  /** Where the server reads the API (may be an internal address); the page's config keeps the public one. */
  apiUrl: string;
  /** Milliseconds for data and rendering together; past them the page is sent with what it has. */
  budgetMs: number;
}

/** A rendered page, as the worker answers. */
export interface RenderedPage {
  status: number;
  html: string;
  /**
   * The hashes of the inline scripts and styles the renderer itself wrote (the template's head, the remotes'
   * stylesheets): the page's policy allows these and nothing else inline, so markup that came from data (or
   * any other way into React's output) never runs, even if it held a <script> or <style>.
   */
  inline: InlineSources;
  /** The errors React met while rendering (a remote's page that threw, the budget running out): those areas render in the browser. */
  errors: string[];
}

export type WorkerMessage =
  | { type: 'ready'; failures: { remote: string; ssrEntry: string; error: string }[] }
  | { type: 'rendered'; id: number; page: RenderedPage }
  | { type: 'failed'; id: number; error: string };

export type MainMessage = { type: 'render'; id: number; request: PageRequest };
