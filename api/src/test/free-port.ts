import { createServer } from 'node:net';

/**
 * A port the kernel hands out and nobody listens on once this resolves (ephemeral range, so never one the
 * site or the e2e suite use): for a server to start on, or for a connection that must be refused.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
