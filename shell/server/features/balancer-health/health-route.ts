import type { FastifyInstance } from 'fastify';

export interface BalancerHealthOptions {
  /** Whether a page can be rendered now: the base render worker has imported its remotes and is alive. */
  canRender: () => boolean;
}

/** The path a load balancer checks; not a page (pages live under a language, /es/…), so no page route meets it. */
export const BALANCER_HEALTH_PATH = '/health';

/**
 * GET /health, for a load balancer's active checks: 200 `{ status: 'ok' }` while this server can render pages,
 * 503 while it has no ready render worker (after the worker died, until its successor has imported the remotes),
 * so the balancer sends visitors to another server. Once the server begins to close (close-with-grace), Fastify
 * answers every request on a connection still open 503 itself (return503OnClosing) and the port takes no new
 * connection: either way the check fails. A balancer asks every half second: the answer is never cached (by a
 * CDN or anything else) and never logged.
 */
export async function balancerHealthRoute(app: FastifyInstance, options: BalancerHealthOptions): Promise<void> {
  app.get(BALANCER_HEALTH_PATH, { logLevel: 'silent' }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!options.canRender()) return reply.code(503).send({ status: 'no render worker ready' });
    return { status: 'ok' };
  });
}
