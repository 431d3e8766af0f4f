import Type from 'typebox';
import type { App } from '../../app-types.js';
import { MessageCode } from '@linkhunt/contracts/schemas/common';
import { pingDatabase } from '../../db/ping.js';
import { databaseUnavailableReason } from '../../db/unavailable.js';
import { text } from '../../i18n/api-text.js';
import { errorAnswer } from '../../plugins/errors.js';

const Status = Type.Object({ status: Type.String() });
/** Not ready: the database is down, or the server is shutting down (plugins/draining.ts answers the same shape). */
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
        summary: 'The database answers',
        description: 'Readiness, for a load balancer: 200 when the database answers a query; 503 with a message and its code when it does not, '
          + 'and while the server shuts down (every request is then answered 503), so traffic goes to another instance.',
        response: { 200: Status, 503: NotReady },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: 'ready' };
      } catch (error) {
        const reason = databaseUnavailableReason(error);
        request.log.warn(reason ? { reason } : { err: error }, 'database not reachable');
        return reply.status(503).header('vary', 'Accept-Language').send({ status: 'database unreachable', ...errorAnswer(request, text('request.unavailable')) });
      }
    },
  );
}
