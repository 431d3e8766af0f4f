import Type from 'typebox';
import type { App } from '../../app-types.js';
import { MessageCode } from '@linkhunt/contracts/schemas/common';
import { pingDatabase } from '../../db/ping.js';
import { databaseUnavailableReason } from '../../db/unavailable.js';
import { text } from '../../i18n/api-text.js';
import { errorAnswer } from '../../plugins/errors.js';

const Status = Type.Object({ status: Type.String() });
/** Not ready: the database or the image store is down, or the server is shutting down (plugins/draining.ts answers the same shape). */
const NotReady = Type.Object({ status: Type.String(), message: Type.String(), code: MessageCode });

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'The process is up',
        description: 'Liveness, for a process supervisor: 200 as long as the process answers HTTP. The database is not asked (GET /ready does).',
        response: { 200: Status },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        operationId: 'getReadiness',
        summary: 'The database and the image store answer',
        description: 'Readiness, for a load balancer: 200 when the database answers a query and the image store (IMAGE_STORE) can be reached; '
          + '503 with a message and its code when either cannot, and while the server shuts down (every request is then answered 503), '
          + 'so traffic goes to another instance.',
        response: { 200: Status, 503: NotReady },
      },
    },
    async (request, reply) => {
      const notReady = (status: string) => reply.status(503).header('vary', 'Accept-Language').send({ status, ...errorAnswer(request, text('request.unavailable')) });
      try {
        await pingDatabase(app.db);
      } catch (error) {
        const reason = databaseUnavailableReason(error);
        request.log.warn(reason ? { reason } : { err: error }, 'database not reachable');
        return notReady('database unreachable');
      }
      try {
        await app.images.check();
      } catch (error) {
        request.log.warn({ reason: (error as Error).message }, 'image store not reachable');
        return notReady('image store unreachable');
      }
      return { status: 'ready' };
    },
  );
}
