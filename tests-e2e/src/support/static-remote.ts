import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { RemoteId } from '@linkhunt/contracts/remotes';
import { serveStatic } from '../../../shell/server/lib/static-site/static-site.mjs';
import { readStack } from '../harness/stack.ts';

/** Where a remote (or what stands in for it) answers, and how to stop it. */
export interface RemoteServer {
  entry: string;
  close: () => Promise<void>;
}

const entryAt = (port: number) => `http://localhost:${port}/remoteEntry.js`;

/**
 * A remote's built folder served again, on a port of the test's choosing: a redeployment, or a server to stop.
 * `omit`: files of the build left out (a copy is served then), `edit`: a change to every JavaScript file's text
 * (a new version of the remote).
 */
export async function serveRemoteCopy(
  remote: RemoteId,
  port: number,
  { omit = [], edit }: { omit?: string[]; edit?: (code: string) => string } = {},
): Promise<RemoteServer> {
  const built = readStack().remotes[remote].dir;
  const copy = omit.length || edit ? await mkdtemp(join(tmpdir(), `linkhunt-${remote}-copy-`)) : undefined;
  if (copy) {
    await cp(built, copy, { recursive: true, filter: (source) => !omit.includes(relative(built, source)) });
    if (edit) {
      for (const file of await readdir(copy, { recursive: true })) {
        if (file.endsWith('.js')) await writeFile(join(copy, file), edit(await readFile(join(copy, file), 'utf8')));
      }
    }
  }
  const server = await serveStatic({ dir: copy ?? built, port, cors: true, csp: true });
  return {
    entry: entryAt(port),
    close: async () => {
      await server.close();
      if (copy) await rm(copy, { recursive: true, force: true });
    },
  };
}

/** A remote's server that is up but has none of its files: every request, the entry first, answers 404. */
export async function serveMissingRemote(port: number): Promise<RemoteServer> {
  const dir = await mkdtemp(join(tmpdir(), 'linkhunt-empty-remote-'));
  const server = await serveStatic({ dir, port, cors: true, csp: true });
  return {
    entry: entryAt(port),
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A server that hangs: it accepts every connection and never answers a byte (a hung remote, a hung API). */
export async function serveHanging(port: number): Promise<{ url: string; close: () => Promise<void> }> {
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
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A remote's server that hangs. */
export async function serveHangingRemote(port: number): Promise<RemoteServer> {
  const { close } = await serveHanging(port);
  return { entry: entryAt(port), close };
}
