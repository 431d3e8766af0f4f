import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL) that a test can take down and bring back, so faults of
 * the database can be tested without stopping the real server other test runs use.
 */
export interface CuttableProxy {
  /** `url` with its host and port replaced by the proxy's. */
  route(url: string): string;
  /** Like a stopped server: open connections closed, new ones refused (the port stops listening). */
  stop(): Promise<void>;
  /** Like a host that vanished: open connections closed, new ones accepted and never answered. */
  blackhole(): Promise<void>;
  /** Back to forwarding, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

type Mode = 'forward' | 'stopped' | 'blackhole';

export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  let mode: Mode = 'forward';
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  };
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  const server = createServer((client) => {
    track(client);
    if (mode !== 'forward') return; // blackhole: held open, never answered (stopped: not listening)
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  await listen(0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  const port = address.port;

  return {
    route(url) {
      const routed = new URL(url);
      routed.hostname = '127.0.0.1';
      routed.port = String(port);
      return routed.toString();
    },
    async stop() {
      mode = 'stopped';
      const closed = stopListening();
      dropAll();
      await closed;
    },
    async blackhole() {
      mode = 'blackhole';
      dropAll();
      if (!server.listening) await listen(port);
    },
    async restore() {
      mode = 'forward';
      // Connections held by the blackhole never reached the server; their clients must start afresh.
      dropAll();
      if (!server.listening) await listen(port);
    },
    async close() {
      mode = 'stopped';
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}
