import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET route's 200 answers by URL: for public reads whose answer is the same for every visitor. */
    readCache?: boolean;
  }
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  body: string;
  expires: number;
}

/**
 * A small in-process cache of serialised public read answers (lists, product pages). Any successful
 * write through this process empties it, so its own writes show at once; another instance's writes
 * show within TTL_MS. Counters that change on a GET (downloads) may lag by up to TTL_MS.
 */
export const readCachePlugin = fp(
  async (app) => {
    const entries = new Map<string, Entry>();

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.readCache) return;
      const entry = entries.get(request.url);
      if (!entry) return;
      if (entry.expires < Date.now()) {
        entries.delete(request.url);
        return;
      }
      return reply.header('x-cache', 'hit').type('application/json; charset=utf-8').send(entry.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || reply.statusCode !== 200 || !request.routeOptions.config.readCache) return payload;
      if (typeof payload === 'string' && reply.getHeader('x-cache') !== 'hit') {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(request.url, { body: payload, expires: Date.now() + TTL_MS });
      }
      return payload;
    });

    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && reply.statusCode < 400) entries.clear();
    });
  },
  { name: 'read-cache' },
);
