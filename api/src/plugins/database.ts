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
    if (closeOnShutdown) app.addHook('onClose', async () => handle.db.destroy());
  },
  { name: 'database' },
);
