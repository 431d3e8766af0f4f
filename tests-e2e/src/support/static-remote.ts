import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RemoteId } from '@linkhunt/contracts/remotes';
import { serveStatic } from '../../../scripts/serve-static.mjs';
import { readStack } from '../harness/stack.ts';

/** Where a remote (or what stands in for it) answers, and how to stop it. */
export interface RemoteServer {
  entry: string;
  close: () => Promise<void>;
}

const entryAt = (port: number) => `http://localhost:${port}/remoteEntry.js`;

/** A remote's built folder served again, on a port of the test's choosing: a redeployment, or a server to stop. */
export async function serveRemoteCopy(remote: RemoteId, port: number): Promise<RemoteServer> {
  const server: Server = await serveStatic({ dir: readStack().remotes[remote].dir, port, cors: true, csp: true });
  return { entry: entryAt(port), close: () => closeHttp(server) };
}

/** A remote's server that is up but has none of its files: every request, the entry first, answers 404. */
export async function serveMissingRemote(port: number): Promise<RemoteServer> {
  const dir = await mkdtemp(join(tmpdir(), 'linkhunt-empty-remote-'));
  const server: Server = await serveStatic({ dir, port, cors: true, csp: true });
  return {
    entry: entryAt(port),
    close: async () => {
      await closeHttp(server);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A remote's server that hangs: it accepts every connection and never answers a byte. */
export async function serveHangingRemote(port: number): Promise<RemoteServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    entry: entryAt(port),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function closeHttp(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
