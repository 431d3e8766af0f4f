import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Where uploaded and drawn images live. Keys are relative paths such as `images/products/x.webp`;
 * the local folder is the default, and another backend (object storage) only has to implement this.
 */
export interface ImageStore {
  put(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
}

export class LocalImageStore implements ImageStore {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(resolve(this.root) + '/')) throw new Error(`image key outside the store: ${key}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

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
 * Product and brand images are served under /images, avatars under /avatars; names are never reused, so they
 * cache for a year. `guard` is asked first for every file under /images/.
 */
export const imagesPlugin = fp(
  async (app, options: { guard?: ImageGuard }) => {
    const root = app.config.imageDir;
    app.decorate('images', new LocalImageStore(root));
    const { guard } = options;
    for (const folder of ['images', 'avatars']) {
      await mkdir(join(root, folder), { recursive: true });
      // In a context of its own, so the guard's hook runs for these files only (after the global ones: the
      // signed-in user is known by then).
      await app.register(async (files) => {
        if (guard && folder === 'images') {
          const forOneViewer = new WeakSet<FastifyRequest>();
          files.addHook('onRequest', async (request) => {
            const path = (request.params as { '*'?: string })['*'];
            if (path && (await guard(request, path)) === 'private') forOneViewer.add(request);
          });
          // After @fastify/static has written its year-long Cache-Control.
          files.addHook('onSend', async (request, reply) => {
            if (forOneViewer.has(request)) void reply.header('cache-control', 'private, no-store');
          });
        }
        await files.register(fastifyStatic, {
          root: join(root, folder),
          prefix: `/${folder}/`,
          decorateReply: false,
          immutable: true,
          maxAge: '365d',
          index: false,
          list: false,
          schemaHide: true,
        });
      });
    }
  },
  { name: 'images', dependencies: ['config'] },
);
