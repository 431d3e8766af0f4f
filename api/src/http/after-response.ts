import type { FastifyInstance } from 'fastify';

/** Starts work that the answer does not wait for; closing the app waits for it. */
export type RunAfterResponse = (what: string, work: () => Promise<unknown>) => void;

/**
 * Work done beside the answer rather than before it: mail, so that a slow mail server does not hold the
 * request, and so that "forgot password" answers in the same time whether or not the address has an account.
 * Failures are logged (the mailer itself never throws); the app's close waits for whatever is still running,
 * as the hook sits in the route plugin that runs the work, and child plugins close before the database.
 */
export function afterResponse(app: FastifyInstance): RunAfterResponse {
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  return (what, work) => {
    const done: Promise<void> = work()
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, `${what} failed`),
      )
      .finally(() => running.delete(done));
    running.add(done);
  };
}
