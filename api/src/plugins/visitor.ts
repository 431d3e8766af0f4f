import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomSecret } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who is asking, for once-per-visitor counting: the user when signed in, else a salted hash of IP and user agent. */
    visitorKey(request: FastifyRequest): string;
  }
}

const SALT_KEY = 'visitor_salt';

export const visitorPlugin = fp(
  async (app) => {
    let salt = app.config.visitorSalt;
    if (!salt) {
      // Kept in the database so the same visitor keeps the same key across restarts and instances.
      await app.db.insertInto('settings').values({ key: SALT_KEY, value: randomSecret() }).onConflict((oc) => oc.column('key').doNothing()).execute();
      const row = await app.db.selectFrom('settings').select('value').where('key', '=', SALT_KEY).executeTakeFirstOrThrow();
      salt = row.value;
    }
    app.decorate('visitorKey', (request: FastifyRequest) => {
      if (request.user) return `u:${request.user.id}`;
      const agent = request.headers['user-agent'] ?? '';
      return `v:${createHash('sha256').update(`${salt}|${request.ip}|${agent}`).digest('base64url').slice(0, 43)}`;
    });
  },
  { name: 'visitor', dependencies: ['database', 'config', 'auth'] },
);
