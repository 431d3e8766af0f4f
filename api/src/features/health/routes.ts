import { sql } from 'kysely';
import Type from 'typebox';
import type { App } from '../../app-types.js';

const Status = Type.Object({ status: Type.String() });

export async function healthRoutes(app: App): Promise<void> {
  app.get('/health', { schema: { tags: ['health'], summary: 'The process is up', response: { 200: Status } } }, async () => ({ status: 'ok' }));

  app.get(
    '/ready',
    { schema: { tags: ['health'], summary: 'The database answers', response: { 200: Status, 503: Status } } },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.status(503).send({ status: 'database unreachable' });
      }
    },
  );
}
