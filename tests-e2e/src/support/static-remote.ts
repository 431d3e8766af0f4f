import type { Server } from 'node:http';
import type { RemoteId } from '@linkhunt/contracts/remotes';
import { serveStatic } from '../../../scripts/serve-static.mjs';
import { readStack } from '../harness/stack.ts';

/** A remote's built folder served again, on a port of the test's choosing: a redeployment, or a server to stop. */
export async function serveRemoteCopy(remote: RemoteId, port: number): Promise<{ entry: string; close: () => Promise<void> }> {
  const server: Server = await serveStatic({ dir: readStack().remotes[remote].dir, port, cors: true });
  return {
    entry: `http://localhost:${port}/remoteEntry.js`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
