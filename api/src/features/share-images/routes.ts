import { Message, ValidationError } from '@linkhunt/contracts/schemas/common';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@linkhunt/contracts/share-image';
import { ShareImageParams } from '@linkhunt/contracts/schemas/share-image';
import Type from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types.js';
import { notFound } from '../../http-errors.js';
import { CACHE_FOREVER, sendStoredImage } from '../../http/send-stored-image.js';
import { ShareImageCache } from './share-image-cache.js';
import { FOR_THIS_VIEWER, withdrawnImageAccess } from '../takedown/withdrawn.js';

const Jpeg = {
  description: `A ${SHARE_IMAGE_WIDTH} × ${SHARE_IMAGE_HEIGHT} progressive JPEG`,
  // The bytes themselves: Fastify sends a Buffer as it is, without the JSON serializer.
  content: { 'image/jpeg': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
};

export async function shareImageRoutes(app: App): Promise<void> {
  const renditions = new ShareImageCache(app.images);

  const answer = async (request: FastifyRequest<{ Params: ShareImageParams }>, reply: FastifyReply) => {
    const { folder, file } = request.params;
    const name = file.slice(0, -'.jpg'.length);
    // The card of a product removed for illegal content goes with its picture (410).
    const access = folder === 'products' ? await withdrawnImageAccess(app.db, request, `products/${name}.webp`) : 'public';
    const card = await renditions.ensure(folder, name);
    if (!card) throw notFound('image.share_image_missing');
    return sendStoredImage(app.images, request, reply, card, access === 'private' ? FOR_THIS_VIEWER : CACHE_FOREVER);
  };

  app.get(
    '/share/:folder/:file',
    {
      // HEAD has a route of its own below: Fastify's generated one would answer Content-Length: 0.
      exposeHeadRoute: false,
      schema: {
        tags: ['share-images'],
        operationId: 'getShareImage',
        summary: 'The Open Graph card of a product picture or brand logo, for og:image: /share/products/<name>.jpg for the image products/<name>.webp',
        params: ShareImageParams,
        description: 'The card of a product removed for illegal content answers 410 to everyone but its uploader and moderators. '
          + 'Made on the first request and kept in the image store; answered with an ETag and Last-Modified (304 to a current copy).',
        response: { 200: Jpeg, 404: Message, 410: Message, 422: ValidationError },
      },
    },
    answer,
  );
  app.head('/share/:folder/:file', { schema: { hide: true, params: ShareImageParams } }, answer);
}
