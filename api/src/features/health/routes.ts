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
  app.get('/health', { schema: { tags: ['health'], summary: 'The process is up', response: { 200: Status } } }, async () => ({ status: 'ok' }));

  app.get(
    '/ready',
    { schema: { tags: ['health'], summary: 'The database answers', response: { 200: Status, 503: NotReady } } },
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
