// @ts-check
// Serves a built folder (the shell or a remote) the way a CDN would: hashed assets cached for a year,
// everything else revalidated, text compressed, optional SPA fallback and CORS. Node built-ins only.
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { AD_FRAME_FILE, adFramePolicy, inlineHashes, sitePolicy } from './content-security-policy.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('node:http').OutgoingHttpHeaders} OutgoingHttpHeaders */
/** @typedef {'br' | 'gzip'} Encoding */

/**
 * @typedef {object} ServeStaticOptions
 * @property {string} dir folder to serve
 * @property {number} port 0 picks a free port
 * @property {string} [host]
 * @property {boolean} [spa] paths that are not files get index.html when extensionless or asked for as a page
 * @property {boolean} [cors] `Access-Control-Allow-Origin: *` on every answer, OPTIONS answered
 * @property {boolean} [csp] a Content-Security-Policy on every answer, built from the folder's config.json and
 *   remotes.json as they are at the time of the request (scripts/content-security-policy.mjs)
 */

/**
 * One file as read from disk. `version` is what makes it stale: the cache is keyed on it, so a file rewritten
 * while serving (remotes.json in the e2e tests) is read again, whatever its Cache-Control says.
 * @typedef {object} CachedFile
 * @property {string} version
 * @property {Buffer} body
 * @property {string} etag
 * @property {Partial<Record<Encoding, Promise<Buffer>>>} encoded
 * @property {{ value: unknown }} [json] the body parsed, once; value undefined when it is not JSON
 * @property {import('./content-security-policy.mjs').InlineSources} [inline] an HTML page's inline script and style hashes
 */

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
// Images and fonts are compressed formats already; squeezing them again costs CPU for nothing.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.xml', '.svg']);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** @type {Record<Encoding, (body: Buffer) => Promise<Buffer>>} */
const COMPRESS = {
  // Quality 9 is within a few percent of 11 and many times faster: the first request of a big bundle must not stall.
  br: (body) => brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipAsync(body, { level: 9 }),
};

/**
 * Serves `dir` over HTTP; resolves once listening.
 * @param {ServeStaticOptions} options
 * @returns {Promise<import('node:http').Server>}
 */
export async function serveStatic({ dir, port, host = '127.0.0.1', spa = false, cors = false, csp = false }) {
  // The real path, so the containment check below compares like with like.
  const root = await realpath(resolve(dir));
  /** @type {Map<string, CachedFile>} */
  const cache = new Map();

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(`serve-static ${root}: ${req.method} ${req.url}:`, error);
      if (!res.headersSent) send(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  async function handle(req, res) {
    if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    const method = req.method ?? 'GET';
    if (cors && method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Max-Age': '86400',
      });
      res.end();
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      res.setHeader('Allow', cors ? 'GET, HEAD, OPTIONS' : 'GET, HEAD');
      send(res, 405, 'Method Not Allowed');
      return;
    }

    const urlPath = decodePath(req.url ?? '/');
    if (urlPath === undefined) return send(res, 400, 'Bad Request');
    const segments = urlPath.split('/').filter(Boolean);
    // `..` (raw or percent-encoded, already decoded here) never escapes; dotfiles are never part of a build.
    if (segments.some((s) => s.startsWith('.') || s.includes('\\'))) return send(res, 404, 'Not Found');

    let file = await findFile(join(root, ...segments));
    // A page of the app may end in what looks like an extension (/user/lucia.finds): a browser navigation,
    // which asks for HTML, gets the app; a missing script or image stays a 404.
    const navigation = req.headers.accept?.includes('text/html') ?? false;
    if (!file && spa && (navigation || !hasExtension(segments.at(-1) ?? ''))) file = await findFile(join(root, 'index.html'));
    if (!file) return send(res, 404, 'Not Found');

    const ext = extname(file.path).toLowerCase();
    const compressible = COMPRESSIBLE.has(ext);
    const entry = await load(file.path, file.version);
    const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : undefined;
    const policy = csp ? await policyFor(file.path, ext, entry) : undefined;
    // A page's validator covers its policy too: a cached page revalidated after remotes.json changed gets the
    // new policy with a full answer, whatever a cache does with the headers of a 304.
    const baseEtag = policy && ext === '.html' ? `"${createHash('sha256').update(`${entry.etag}\n${policy}`).digest('base64url').slice(0, 27)}"` : entry.etag;
    const etag = encoding ? `${baseEtag.slice(0, -1)}-${encoding}"` : baseEtag;

    /** @type {OutgoingHttpHeaders} */
    const headers = {
      'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      // Only Vite's hashed output lives under assets/: a new build gives new names, so those never change.
      'Cache-Control': file.path.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : REVALIDATE,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    };
    if (policy) headers['Content-Security-Policy'] = policy;
    if (compressible) headers.Vary = 'Accept-Encoding';

    if (matchesEtag(req.headers['if-none-match'], baseEtag)) {
      delete headers['Content-Type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }

    let body = entry.body;
    if (encoding) {
      body = await (entry.encoded[encoding] ??= COMPRESS[encoding](entry.body));
      headers['Content-Encoding'] = encoding;
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(method === 'HEAD' ? undefined : body);
  }

  /**
   * @param {string} path
   * @param {string} version
   * @returns {Promise<CachedFile>}
   */
  async function load(path, version) {
    const cached = cache.get(path);
    if (cached?.version === version) return cached;
    const body = await readFile(path);
    const entry = { version, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, encoded: {} };
    cache.set(path, entry);
    return entry;
  }

  /**
   * @param {string} path
   * @param {string} ext
   * @param {CachedFile} entry
   */
  async function policyFor(path, ext, entry) {
    const files = { config: await runtimeJson('config.json'), remotes: await runtimeJson('remotes.json') };
    if (path === join(root, AD_FRAME_FILE)) return adFramePolicy(files);
    if (ext !== '.html') return sitePolicy(files);
    entry.inline ??= inlineHashes(entry.body.toString('utf8'));
    return sitePolicy(files, entry.inline);
  }

  /**
   * A runtime file of the folder as it is now, parsed; undefined when missing or not JSON (a half-done edit
   * then names nothing, and the policy is the stricter for it).
   * @param {string} name
   */
  async function runtimeJson(name) {
    const file = await findFile(join(root, name));
    if (!file) return undefined;
    const entry = await load(file.path, file.version);
    if (!entry.json) {
      try {
        entry.json = { value: JSON.parse(entry.body.toString('utf8')) };
      } catch (error) {
        console.error(`serve-static ${root}: ${name} is not JSON, so the policy names none of its addresses:`, error instanceof Error ? error.message : error);
        entry.json = { value: undefined };
      }
    }
    return entry.json.value;
  }

  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen(undefined);
    });
  });
  return server;
}

/**
 * The URL's path, percent-decoded; undefined when malformed.
 * @param {string} url
 * @returns {string | undefined}
 */
function decodePath(url) {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  try {
    const decoded = decodeURIComponent(path);
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/**
 * The file to serve for `path`: itself, or the index.html of a folder.
 * @param {string} path
 * @returns {Promise<{ path: string, version: string } | undefined>}
 */
async function findFile(path) {
  for (const candidate of [path, join(path, 'index.html')]) {
    const info = await stat(candidate).catch(() => undefined);
    // ctime and inode too: a rename-over or a same-size rewrite in the same millisecond still changes one of them.
    if (info?.isFile()) return { path: candidate, version: `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}` };
  }
  return undefined;
}

/**
 * Whether a path segment looks like a file name (`app.js`), not a route (`nike-air-max-90`).
 * @param {string} segment
 */
function hasExtension(segment) {
  return /\.[a-z0-9]+$/i.test(segment);
}

/**
 * The best encoding the client accepts: brotli, then gzip (q=0 refuses one; `*` accepts any).
 * @param {string | undefined} header
 * @returns {Encoding | undefined}
 */
function pickEncoding(header) {
  if (!header) return undefined;
  /** @type {Map<string, number>} */
  const q = new Map();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const accepts = (/** @type {string} */ name) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/**
 * Whether If-None-Match names this file, in any of its encodings (the content is the same).
 * @param {string | undefined} header
 * @param {string} etag
 */
function matchesEtag(header, etag) {
  if (!header) return false;
  const base = etag.slice(1, -1);
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag || value.replace(/^"(.*?)(-br|-gzip)?"$/, '$1') === base;
  });
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} text
 */
function send(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE, 'Content-Length': Buffer.byteLength(text) });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      spa: { type: 'boolean', default: false },
      cors: { type: 'boolean', default: false },
      csp: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!values.dir || !Number.isInteger(port)) {
    console.error('usage: node scripts/serve-static.mjs --dir <folder> --port <n> [--host <addr>] [--spa] [--cors] [--csp]');
    process.exit(2);
  }
  const server = await serveStatic({ dir: values.dir, port, host: values.host, spa: values.spa, cors: values.cors, csp: values.csp });
  const address = server.address();
  const shown = address && typeof address === 'object' ? `http://${values.host}:${address.port}` : String(address);
  console.log(`serving ${resolve(values.dir)} at ${shown}${values.spa ? ' (spa)' : ''}${values.cors ? ' (cors)' : ''}${values.csp ? ' (csp)' : ''}`);
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      server.close();
      server.closeAllConnections();
    });
  }
}
