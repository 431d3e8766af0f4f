// @ts-check
// A built folder (the shell's or a remote's) served the way a CDN would, with @fastify/static and
// @fastify/compress: hashed assets cached for a year, everything else revalidated, text compressed, optional
// CORS, and the Content-Security-Policy built from the folder's runtime files as they are now.
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { AD_FRAME_FILE, adFramePolicy, inlineHashes, sitePolicy } from './content-security-policy.mjs';

/** @typedef {import('fastify').FastifyInstance} FastifyInstance */
/** @typedef {import('./content-security-policy.mjs').InlineSources} InlineSources */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * The folder's config.json and remotes.json as they are now, each re-read only when the file changed; a missing
 * or half-written file names nothing, and the policy is the stricter for it.
 * @param {string} root
 */
export function runtimeFiles(root) {
  /** @type {Map<string, { version: string, value: unknown }>} */
  const cache = new Map();
  /** @type {Map<string, Promise<unknown>>} */
  const reading = new Map();
  // Requests at once share one check of the file: under a flood, a stat per request kept libuv's thread pool
  // (which also compresses) busy, and every request waited its turn there.
  /** @param {string} name */
  function read(name) {
    let value = reading.get(name);
    if (!value) {
      value = readNow(name).finally(() => reading.delete(name));
      reading.set(name, value);
    }
    return value;
  }
  /** @param {string} name */
  async function readNow(name) {
    const path = join(root, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const version = `${info.size}:${info.mtimeMs}:${info.ino}`;
    const cached = cache.get(name);
    if (cached?.version === version) return cached.value;
    /** @type {unknown} */
    let value;
    try {
      value = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      console.error(`${path} is not JSON, so the policy names none of its addresses:`, error instanceof Error ? error.message : error);
    }
    cache.set(name, { version, value });
    return value;
  }
  return {
    read,
    /** Both files, for the policy. */
    async policyFiles() {
      return { config: await read('config.json'), remotes: await read('remotes.json') };
    },
  };
}

/**
 * Registers compression, the folder's files and their headers on `app`.
 * @param {FastifyInstance} app
 * @param {{ root: string, cors?: boolean, csp?: boolean, wildcard?: boolean }} options `wildcard: false` leaves
 *   unknown paths to the app's own routes (the shell server renders them)
 */
export async function registerStaticSite(app, { root: dir, cors = false, csp = false, wildcard = true }) {
  const root = resolve(dir);
  const files = runtimeFiles(root);
  /** @type {InlineSources | undefined} */
  let indexInline;

  await app.register(compress, {
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) takes a tenth of a second per bundle; 5 is close in size at a fraction of it.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  if (cors) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
    });
    app.options('/*', async (request, reply) => {
      reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
        .header('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*')
        .header('Access-Control-Max-Age', '86400')
        .send();
    });
  }
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (csp && !reply.hasHeader('Content-Security-Policy')) {
      const policyFiles = await files.policyFiles();
      const path = request.url.split('?')[0] ?? '';
      // A 304 has no Content-Type: the path tells a page too.
      const isHtml = String(reply.getHeader('Content-Type') ?? '').startsWith('text/html') || /(?:\/|\.html)$/.test(path);
      if (path === `/${AD_FRAME_FILE}`) reply.header('Content-Security-Policy', adFramePolicy(policyFiles));
      else if (isHtml) {
        indexInline ??= inlineHashes(await readFile(join(root, 'index.html'), 'utf8').catch(() => ''));
        reply.header('Content-Security-Policy', sitePolicy(policyFiles, indexInline));
      } else reply.header('Content-Security-Policy', sitePolicy(policyFiles));
    }
    return payload;
  });
  await app.register(fastifyStatic, {
    root,
    wildcard,
    index: wildcard ? ['index.html'] : false,
    // Dot files are never served; the default ETag and Last-Modified revalidate the rest.
    dotfiles: 'deny',
    cacheControl: false,
    // @fastify/static 10 hands over the reply itself.
    setHeaders(/** @type {import('fastify').FastifyReply} */ reply, /** @type {string} */ path) {
      reply.header('Cache-Control', path.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : REVALIDATE);
    },
  });
  return files;
}

/**
 * Serves a built remote (or any folder) on its own port; resolves once listening. `spa`: a page address that
 * is no file gets index.html (a client-rendered build, as the benchmarks compare with the server-rendered one).
 * @param {{ dir: string, port: number, host?: string, cors?: boolean, csp?: boolean, spa?: boolean }} options
 */
export async function serveStatic({ dir, port, host = '127.0.0.1', cors = false, csp = false, spa = false }) {
  // Keep-alive connections (a browser's) must not hold close() open.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  // Set before the files are registered: their plugin keeps the not-found handler of its registration.
  if (spa) {
    app.setNotFoundHandler((request, reply) => {
      if (!request.headers.accept?.includes('text/html')) return reply.code(404).type('text/plain').send('Not Found');
      return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
    });
  }
  await registerStaticSite(app, { root: dir, cors, csp });
  await app.listen({ port, host });
  return app;
}
