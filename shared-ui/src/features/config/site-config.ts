import { shareImagePath } from '@linkhunt/contracts/share-image';
import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { renderScope } from '../ssr/render-scope.ts';
import { globalSingleton } from '../../lib/global-singleton.ts';

const holder = globalSingleton<{ config: SiteConfig | null }>('site-config', () => ({ config: null }));

/** The shell calls this once at start with `/config.json`; remotes only read. */
export function setSiteConfig(config: SiteConfig): void {
  holder.config = config;
}

export function getSiteConfig(): SiteConfig {
  // On the server each render has its own (render-scope.ts); the browser has one for the page.
  const config = renderScope()?.config ?? holder.config;
  if (!config) throw new Error('The site configuration is not loaded yet');
  return config;
}

/** The site's public origin without a trailing slash: `siteUrl`, else the page's own origin in the browser. */
export function siteOrigin(): string {
  const { siteUrl } = getSiteConfig();
  return (siteUrl ?? window.location.origin).replace(/\/$/, '');
}

/** A product or brand image path from the API (`products/x.webp`) as a URL on the image host. */
export function imageUrl(path: string): string {
  const { apiUrl, imageUrl: base } = getSiteConfig();
  return `${(base ?? `${apiUrl}/images`).replace(/\/$/, '')}/${path}`;
}

/** A path on the API's own host. */
const onApi = (path: string) => `${getSiteConfig().apiUrl.replace(/\/$/, '')}/${path}`;

/** The 1200 × 630 JPEG card of a product or brand image for link previews (the API's /share/...); null without one. */
export function shareImageUrl(path: string): string | null {
  const card = shareImagePath(path);
  return card ? onApi(card) : null;
}

/** Avatars load from the API host itself (spec section 7). */
export function avatarUrl(path: string | null): string | null {
  return path ? onApi(path) : null;
}
