import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http-errors.js';
import { CACHE_FOREVER, sendStoredImage } from '../http/send-stored-image.js';
import { createImageStore } from '../media/image-store/create-image-store.js';
import { type ImageStore, ImageStoreUnavailableError, isImageKey } from '../media/image-store/image-store.js';
import { FOR_THIS_VIEWER } from '../features/takedown/withdrawn.js';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageStore;
  }
}

/**
 * Asked before a stored image is served, with its path under its folder (`products/x.webp`): throws to refuse
 * it (a withdrawn product's picture), answers 'private' when only this viewer may have it (never cached).
 */
export type ImageGuard = (request: FastifyRequest, path: string) => Promise<'public' | 'private'>;

/**
 * The image store of the settings (IMAGE_STORE) as `app.images`, and its files served by every instance:
 * product and brand images under /images, avatars under /avatars, each URL path being the file's key. Names
 * are never reused, so they cache for a year. `guard` is asked first for every file under /images/.
 *
 * A store that is misconfigured (no such bucket, credentials refused) stops the start with its reason; one
 * that does not answer yet is logged, and GET /ready answers 503 until it does.
 */
export const imagesPlugin = fp(
  async (app, options: { guard?: ImageGuard }) => {
    const store = await createImageStore(app.config);
    try {
      await store.check();
    } catch (error) {
      if (!(error instanceof ImageStoreUnavailableError) || error.permanent) {
        throw new Error(`The image store (${store.description}) cannot be used: ${(error as Error).message}`, { cause: error });
      }
      app.log.warn({ reason: error.message }, 'the image store does not answer: images answer 503 and GET /ready 503 until it does');
    }
    app.decorate('images', store);
    app.addHook('onClose', async () => store.close());

    const { guard } = options;
    for (const folder of ['images', 'avatars'] as const) {
      app.route({
        method: ['GET', 'HEAD'],
        url: `/${folder}/*`,
        schema: { hide: true },
        handler: async (request, reply) => {
          const path = (request.params as { '*': string })['*'];
          if (!isImageKey(path)) throw notFound('image.missing');
          const access = guard && folder === 'images' ? await guard(request, path) : 'public';
          return sendStoredImage(store, request, reply, `${folder}/${path}`, access === 'private' ? FOR_THIS_VIEWER : CACHE_FOREVER);
        },
      });
    }
  },
  { name: 'images', dependencies: ['config'] },
);
