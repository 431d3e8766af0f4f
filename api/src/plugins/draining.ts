import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { RETRY_AFTER_SECONDS } from '../db/unavailable.js';
import { text } from '../i18n/api-text.js';
import { errorAnswer } from './errors.js';

/** How long a turned-away request may go on sending its body (an upload is up to 2 MB) before it is answered anyway. */
const BODY_WAIT_MS = 2_000;

/**
 * Reads and drops what is left of a request's body. Answering with Connection: close while the client is
 * still sending closes the socket under it, and the client sees a broken pipe instead of the 503.
 */
/** Resolves once every connection has closed, or after `limitMs`. */
async function allClosed(connections: Set<Socket>, limitMs: number): Promise<void> {
  if (limitMs <= 0) return;
  const deadline = AbortSignal.timeout(limitMs);
  while (connections.size > 0 && !deadline.aborted) {
    const [socket] = connections;
    await once(socket as Socket, 'close', { signal: deadline }).catch(() => undefined);
  }
}

function discardBody(request: IncomingMessage, limitMs: number): Promise<void> {
  const hasBody = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
  if (!hasBody || request.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      request.off('end', done).off('close', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    request.on('end', done).on('close', done).on('error', done);
    request.resume();
  });
}

/**
 * Graceful close. When app.close() starts (SIGTERM in server.ts), the requests in flight run to their
 * normal answer, for at most `drainTimeoutMs`, while the port keeps listening and every new request gets
 * 503 with a message and Connection: close, so a client or load balancer is told to go elsewhere instead
 * of meeting a refused connection. Only then does Fastify stop listening and close the database.
 * Registered first, so the refusal comes before any other hook (rate limits, the read cache, auth) runs.
 * It needs Fastify's `return503OnClosing: false`, or Fastify answers a bare 503 of its own before any hook.
 *
 * `idleGraceMs`: once the requests in flight are done, how long connections kept alive between requests stay
 * open before the port closes. Closing such a connection while its client is sending the next request resets
 * it (the client cannot tell whether the request was handled); kept open a moment, that request gets the 503
 * and the connection closes with it. The server waits less when every connection has closed sooner.
 */
export const drainingPlugin = fp<{ drainTimeoutMs?: number; idleGraceMs?: number }>(
  async (app, { drainTimeoutMs = 8_000, idleGraceMs = 0 }) => {
    let draining = false;
    let inFlight = 0;
    let refused = 0;
    let drained: (() => void) | null = null;
    const connections = new Set<Socket>();
    app.server.on('connection', (socket: Socket) => {
      connections.add(socket);
      socket.once('close', () => connections.delete(socket));
    });

    app.addHook('onRequest', async (request, reply) => {
      if (draining) {
        refused += 1;
        await discardBody(request.raw, BODY_WAIT_MS);
        // A string with a JSON type is sent as it is: this answer does not depend on the route's schemas. Its shape
        // is every route's `{ message, code }` and /ready's `{ status, message, code }` at once.
        return reply
          .code(503)
          .header('connection', 'close')
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .header('vary', 'Accept-Language')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ status: 'shutting down', ...errorAnswer(request, text('request.shutting_down')) }));
      }
      inFlight += 1;
      // 'close' comes once the answer is sent or the client went away, whichever way the request ended.
      reply.raw.once('close', () => {
        inFlight -= 1;
        if (inFlight === 0) drained?.();
      });
    });

    // A request in flight when the close began ends its connection with its answer: left open for
    // keep-alive, the connection would hold server.close() up until the keep-alive timeout.
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });

    app.addHook('preClose', async () => {
      draining = true;
      app.log.info({ inFlight }, 'shutting down: finishing the requests in flight, answering new ones 503');
      const started = Date.now();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainTimeoutMs);
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const took = Date.now() - started;
      if (inFlight > 0) app.log.warn({ unfinished: inFlight, refused, ms: took }, 'shutting down: requests still running after the drain timeout');
      else app.log.info({ refused, ms: took }, 'shutting down: requests drained');
      await allClosed(connections, idleGraceMs);
      if (connections.size > 0) app.log.info({ open: connections.size }, 'shutting down: closing the connections still idle');
    });
  },
  { name: 'draining' },
);
