import { PLATFORM_PREFIX, PREVIEW_COOKIE, PREVIEW_PATH, type PreviewResponse } from '@linkhunt/contracts/platform';
import { PlatformError, PreviewRequest, PreviewResponse as PreviewResponseSchema } from '@linkhunt/contracts/schemas/platform';
import { REMOTE_IDS } from '@linkhunt/contracts/remotes';
import type { FastifyInstance } from 'fastify';
import type { PlatformAccess } from '../../lib/platform/platform-access.ts';
import { platformErrorHandler, refuse } from '../../lib/platform/platform-errors.ts';
import { offAllowlist, type Previews } from '../../lib/platform/previews.ts';

export interface PreviewRoutesOptions {
  previews: Previews;
  /** How many render workers are alive, and how many the pool keeps for previews: what a soak watches. */
  renderWorkers: () => { live: number; previewCap: number };
  access: PlatformAccess;
  siteUrl: () => Promise<string>;
}

const DEFAULT_TTL_SECONDS = 86_400;

/**
 * POST /_platform/previews makes a preview token for a credential's own remotes; GET /_preview?token=… starts
 * the preview in the browser that opens it (a cookie), GET /_preview/end ends it.
 */
export async function previewRoutes(app: FastifyInstance, options: PreviewRoutesOptions): Promise<void> {
  const { previews, access } = options;
  platformErrorHandler(app);

  app.post<{ Body: PreviewRequest }>(
    `${PLATFORM_PREFIX}/previews`,
    { schema: { body: PreviewRequest, response: { 201: PreviewResponseSchema, '4xx': PlatformError } } },
    async (request, reply) => {
      const { remotes, ttlSeconds = DEFAULT_TTL_SECONDS } = request.body;
      const ids = REMOTE_IDS.filter((id) => remotes[id]);
      const credential = await access.authorize(request, reply, ids);
      if (!credential) return reply;
      const off = offAllowlist(remotes, previews.allowlist);
      if (off.length > 0) {
        return refuse(reply, 422, 'not_allowlisted', `${off.map((id) => `${id} (${remotes[id]?.entry})`).join(', ')}: only entries under ${previews.allowlist.join(', ')} may be previewed.`);
      }
      const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
      const token = previews.issue({ remotes, exp, by: credential.name });
      request.log.info({ by: credential.name, remotes: ids }, 'preview token issued');
      const link = `${await options.siteUrl()}${PREVIEW_PATH}?token=${encodeURIComponent(token)}`;
      return reply
        .code(201)
        .header('Cache-Control', 'no-store')
        .send({ token, link, expiresAt: new Date(exp * 1000).toISOString(), remotes: ids } satisfies PreviewResponse);
    },
  );

  app.get(`${PLATFORM_PREFIX}/render-workers`, async (request, reply) => {
    if (!(await access.authorize(request, reply, []))) return reply;
    return reply.header('Cache-Control', 'no-store').send(options.renderWorkers());
  });

  app.get<{ Querystring: { token?: string; to?: string } }>(
    PREVIEW_PATH,
    { schema: { querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 8192 }, to: { type: 'string', maxLength: 2000 } } } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      const read = previews.read(request.query.token ?? '');
      if ('refused' in read) {
        request.log.warn({ reason: read.refused }, 'preview link refused');
        return reply.code(400).type('text/plain; charset=utf-8').send(`This preview link cannot be used (${read.refused}). Ask for a new one.\n`);
      }
      reply.setCookie(PREVIEW_COOKIE, request.query.token ?? '', {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: (await options.siteUrl()).startsWith('https:'),
        expires: read.expiresAt,
      });
      request.log.info({ by: read.by, remotes: read.header }, 'preview started in a browser');
      return reply.redirect(sitePath(request.query.to), 303);
    },
  );

  app.get(`${PREVIEW_PATH}/end`, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').clearCookie(PREVIEW_COOKIE, { path: '/' }).redirect('/', 303),
  );
}

/** Where a preview link leads: a path of this site (never `//elsewhere` or `/\\elsewhere`), else the home page. */
function sitePath(to: string | undefined): string {
  return to && /^\/(?![/\\])/.test(to) ? to : '/';
}
