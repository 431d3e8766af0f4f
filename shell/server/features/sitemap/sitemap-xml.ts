/** The sitemaps.org protocol (0.9) with Google's hreflang and image extensions, written by hand: the format is small. */

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The protocol's limits for one file: 50,000 URLs and 50 MiB uncompressed. */
export const MAX_URLS_PER_FILE = 50_000;
export const MAX_BYTES_PER_FILE = 50 * 1024 * 1024;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text or an attribute value as XML. Characters XML 1.0 cannot carry at all (most control characters, lone
 * surrogates, U+FFFE/U+FFFF) are dropped, since no escape makes them legal and one would void the file.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A date as the protocol wants it (W3C Datetime), to the second; a bare date (YYYY-MM-DD) stays as it is. */
export function w3cDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`not a date: ${value}`);
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface Alternate {
  /** A language code, or x-default. */
  hreflang: string;
  href: string;
}

export interface SitemapUrl {
  loc: string;
  lastmod: string;
  /** Every language version of the page, itself included, as Google asks. */
  alternates: readonly Alternate[];
  /** The page's pictures (absolute URLs), for Google's image extension; a product's photos, cover first. */
  images?: readonly string[];
}

/** Google reads at most this many images of one page. */
export const MAX_IMAGES_PER_URL = 1000;

export function urlElement(url: SitemapUrl): string {
  const links = url.alternates
    .map((a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`)
    .join('');
  const images = (url.images ?? []).slice(0, MAX_IMAGES_PER_URL).map((image) => `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`).join('');
  return `<url><loc>${escapeXml(url.loc)}</loc><lastmod>${escapeXml(w3cDate(url.lastmod))}</lastmod>${links}${images}</url>\n`;
}

const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}" xmlns:image="${IMAGE_NS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

export function urlsetDocument(elements: readonly string[]): string {
  return URLSET_OPEN + elements.join('') + URLSET_CLOSE;
}

export interface IndexEntry {
  loc: string;
  lastmod?: string;
}

export function sitemapIndexDocument(files: readonly IndexEntry[]): string {
  const entries = files.map(
    (f) => `<sitemap><loc>${escapeXml(f.loc)}</loc>${f.lastmod ? `<lastmod>${escapeXml(w3cDate(f.lastmod))}</lastmod>` : ''}</sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('')}</sitemapindex>\n`;
}

export interface UrlChunk {
  /** The file's <url> elements, to be wrapped by urlsetDocument. */
  elements: string[];
  /** The newest lastmod of its URLs: the index's lastmod for the file. */
  lastmod: string;
}

export interface ChunkLimits {
  maxUrls: number;
  maxBytes: number;
}

/**
 * Cuts URLs into files of at most `maxUrls` URLs and `maxBytes` bytes (with the urlset around them): with
 * six language links each, 50,000 URLs can be well over the 50 MiB a file may hold.
 */
export function* chunkUrls(urls: Iterable<SitemapUrl>, limits: ChunkLimits): Generator<UrlChunk> {
  const room = limits.maxBytes - Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
  let chunk: UrlChunk = { elements: [], lastmod: '' };
  let bytes = 0;
  for (const url of urls) {
    const element = urlElement(url);
    const size = Buffer.byteLength(element);
    if (size > room) throw new Error(`one URL is larger than a sitemap file may be: ${url.loc.slice(0, 200)}`);
    if (chunk.elements.length > 0 && (chunk.elements.length >= limits.maxUrls || bytes + size > room)) {
      yield chunk;
      chunk = { elements: [], lastmod: '' };
      bytes = 0;
    }
    chunk.elements.push(element);
    bytes += size;
    const lastmod = w3cDate(url.lastmod);
    if (lastmod > chunk.lastmod) chunk.lastmod = lastmod;
  }
  if (chunk.elements.length > 0) yield chunk;
}
