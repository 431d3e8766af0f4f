import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { notFound } from '../http-errors.js';
import type { ImageStore, StoredImageInfo } from '../media/image-store/image-store.js';

/** Stored names are never reused (a new upload gets a new name), so an image never changes under its URL. */
export const CACHE_FOREVER = 'public, max-age=31536000, immutable';

function describe(reply: FastifyReply, info: StoredImageInfo, cacheControl: string): void {
  void reply.header('cache-control', cacheControl).header('last-modified', info.lastModified.toUTCString());
  if (info.etag) void reply.header('etag', info.etag);
}

const isConditional = (request: FastifyRequest) => request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined;

/**
 * Answers a stored file: 200 with its body streamed from the store, 304 when the client's copy is current
 * (If-None-Match, If-Modified-Since), HEAD without the body; 404 when there is none. A HEAD or a conditional
 * GET asks the store for the file's facts only, so a 304 never opens the body.
 */
export async function sendStoredImage(store: ImageStore, request: FastifyRequest, reply: FastifyReply, key: string, cacheControl: string): Promise<FastifyReply> {
  if (request.method === 'HEAD' || isConditional(request)) {
    const info = await store.head(key);
    if (!info) throw notFound('image.missing');
    describe(reply, info, cacheControl);
    if (fresh(request.headers, { etag: info.etag, 'last-modified': info.lastModified.toUTCString() })) return reply.status(304).send();
    if (request.method === 'HEAD') return reply.type(info.contentType).header('content-length', info.size).send();
  }
  const image = await store.get(key);
  if (!image) throw notFound('image.missing');
  describe(reply, image, cacheControl);
  return reply.type(image.contentType).header('content-length', image.size).send(image.body);
}
