import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
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

/** Product and brand images are served under /images, avatars under /avatars; names are never reused, so they cache for a year. */
export const imagesPlugin = fp(
  async (app) => {
    const root = app.config.imageDir;
    app.decorate('images', new LocalImageStore(root));
    for (const folder of ['images', 'avatars']) {
      await mkdir(join(root, folder), { recursive: true });
      await app.register(fastifyStatic, {
        root: join(root, folder),
        prefix: `/${folder}/`,
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        index: false,
        list: false,
        schemaHide: true,
      });
    }
  },
  { name: 'images', dependencies: ['config'] },
);
