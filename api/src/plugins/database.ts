import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle, DialectName } from '../db/connect.js';
import type { Database } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
  }
}

export const databasePlugin = fp<{ handle: DatabaseHandle; closeOnShutdown: boolean }>(
  async (app, { handle, closeOnShutdown }) => {
    app.decorate('db', handle.db);
    app.decorate('dialect', handle.dialect);
    const unsubscribe = handle.onConnectionLost((error) => app.log.warn({ reason: error.message }, 'database connection lost; the next query reconnects'));
    app.addHook('onClose', async () => {
      unsubscribe();
      if (closeOnShutdown) await handle.db.destroy();
    });
  },
  { name: 'database' },
);
