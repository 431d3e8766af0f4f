// @ts-check
// The Content-Security-Policy the static servers send, built from a served folder's runtime files as they are
// now: config.json (the API, the images, the ad host) and, on the shell, remotes.json (where the remotes live).
// Moving a remote or the API is an edit of those files, so the policy is built from them, never from the build.
import { createHash } from 'node:crypto';

/**
 * The ad's own document (shared-ui/src/components/ad-banner/frame/ad-frame.html, put in every build at this
 * name): it gets the ad frame's policy instead of the site's.
 */
export const AD_FRAME_FILE = 'ad-frame.html';

/**
 * The runtime files as parsed JSON; anything else (missing, malformed) counts as naming nothing.
 * @typedef {object} RuntimeFiles
 * @property {unknown} [config] config.json
 * @property {unknown} [remotes] remotes.json
 */

/**
 * The `'sha256-…'` sources of a page's inline scripts and styles.
 * @typedef {object} InlineSources
 * @property {string[]} scripts
 * @property {string[]} styles
 */

/**
 * The origins the runtime files name, each a CSP source expression.
 * @typedef {object} SiteOrigins
 * @property {string[]} api the API and, when elsewhere, the image host
 * @property {string[]} remotes
 * @property {string[]} ads the ad network's script host
 */

/** @type {InlineSources} */
const NO_INLINE = { scripts: [], styles: [] };

/**
 * The policy of the site's pages (the shell, a remote's standalone page) and of everything else it serves.
 * Scripts, styles and fonts come from the site itself and the remotes only; data from the API and the remotes'
 * manifests; the ad network is reached only to tell whether it is blocked (shell/src/features/ads), its script
 * runs in the ad frame, which has a policy of its own.
 * @param {RuntimeFiles} files
 * @param {InlineSources} [inline] hashes of the page's own inline scripts and styles (the shell's boot preload)
 */
export function sitePolicy(files, inline = NO_INLINE) {
  const { api, remotes, ads } = siteOrigins(files);
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...inline.scripts],
    // Remotes' stylesheets are preloaded and linked from their own origin.
    'style-src': ["'self'", ...remotes, ...inline.styles],
    'img-src': ["'self'", ...api, ...remotes, 'data:', 'blob:'],
    'font-src': ["'self'", ...remotes],
    'connect-src': ["'self'", ...api, ...remotes, ...ads],
    // The ad frame, served next to the page.
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The policy of the ad frame: its own script and the ad network's host, nothing else, in a sandbox even when
 * opened on its own, so the ad network's code never runs with the site's origin.
 * @param {RuntimeFiles} files
 */
export function adFramePolicy(files) {
  const { ads } = siteOrigins(files);
  return serialize({
    'default-src': ["'none'"],
    'script-src': ["'self'", ...ads],
    // The network's script may load its creative, pictures and styles from its own host.
    'connect-src': ads,
    'img-src': [...ads, 'data:'],
    'style-src': ads,
    'font-src': ads,
    'media-src': ads,
    'frame-src': ads,
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'self'"],
    // The same as the frame's sandbox attribute (AdBanner.tsx).
    sandbox: ['allow-scripts', 'allow-popups', 'allow-popups-to-escape-sandbox'],
  });
}

/**
 * The origins named by config.json and remotes.json; a value that is not an http(s) address names nothing
 * (a relative one is the site itself, already 'self').
 * @param {RuntimeFiles} files
 * @returns {SiteOrigins}
 */
export function siteOrigins({ config, remotes }) {
  const settings = isObject(config) ? config : {};
  const ads = isObject(settings.ads) ? settings.ads : {};
  return {
    api: sources([settings.apiUrl, settings.imageUrl]),
    remotes: sources(Object.values(isObject(remotes) ? remotes : {}).map((remote) => (isObject(remote) ? remote.entry : undefined))),
    ads: sources([ads.scriptHost]),
  };
}

/** What React and the HTML serializer escape in attribute values; a style attribute is hashed as the browser reads it. */
const ENTITIES = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** @param {string} text */
const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hashes of a page's inline `<script>` and `<style>` elements, as the browser computes them: over the
 * element's text, line endings normalised the way the HTML parser does. A server-rendered page may also carry
 * `style` attributes (a carousel's widths, a skeleton's size): those are allowed one by one, by hash, with
 * 'unsafe-hashes' (which lets nothing else through).
 * @param {string} html
 * @returns {InlineSources}
 */
export function inlineHashes(html) {
  /** @type {InlineSources} */
  const found = { scripts: [], styles: [] };
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi)) {
    const [, tag = '', attributes = '', text = ''] = match;
    const isScript = tag.toLowerCase() === 'script';
    if (isScript && /\bsrc\s*=/i.test(attributes)) continue;
    // A data block (JSON, JSON-LD) is never run, so the policy has nothing to allow.
    if (isScript && /\btype\s*=\s*["']?application\/(?:ld\+)?json/i.test(attributes)) continue;
    (isScript ? found.scripts : found.styles).push(sha256(text.replace(/\r\n?/g, '\n')));
  }
  const attributes = new Set();
  for (const [, value = ''] of html.matchAll(/<[a-z][^>]*?\sstyle="([^"]*)"/gi)) {
    attributes.add(sha256(value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[/** @type {keyof typeof ENTITIES} */ (entity)])));
  }
  if (attributes.size) found.styles.push("'unsafe-hashes'", ...attributes);
  return found;
}

/**
 * @param {unknown[]} values
 * @returns {string[]}
 */
function sources(values) {
  return [...new Set(values.map(source).filter((value) => value !== undefined))];
}

/**
 * A URL's origin as a CSP source; a protocol-relative one (`//ads.example`) as its host, which the browser
 * matches on the page's own scheme.
 * @param {unknown} value
 * @returns {string | undefined}
 */
function source(value) {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  try {
    const url = new URL(text.startsWith('//') ? `https:${text}` : text);
    // A host may hold characters (`;`, `,`) that would end the directive: only plain names and ports pass.
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !/^[a-z0-9.-]+(?::\d+)?$/.test(url.host)) return undefined;
    return text.startsWith('//') ? url.host : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * @param {Record<string, string[]>} directives
 */
function serialize(directives) {
  return Object.entries(directives)
    .map(([name, values]) => {
      const unique = [...new Set(values)];
      if (name === 'sandbox') return [name, ...unique].join(' ');
      return [name, ...(unique.length ? unique : ["'none'"])].join(' ');
    })
    .join('; ');
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
