/** `/config.json` on the shell's host: runtime settings, changed without a rebuild. */
export interface SiteConfig {
  /** The product API's base URL, e.g. http://localhost:4000. */
  apiUrl: string;
  /** Where product images are served from; defaults to the API's own /images/. */
  imageUrl?: string;
  /** The ad network's script host and one key per banner format; a format without a key shows nothing. */
  ads?: { scriptHost?: string; keys?: Partial<Record<AdFormat, string>> };
  /** The contact address shown in notices (spec section 8). */
  contactEmail?: string;
  /** The Telegram channel or share URL of the floating link. */
  telegramUrl?: string;
  /** The site's public origin, used for canonical and alternate links. */
  siteUrl?: string;
}

export type AdFormat = '728x90' | '320x50';
