import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EventLoopDelay } from './event-loop-delay.js';

/**
 * The fake stores (src/test/fake-platforms.ts) in a child process, so that their TLS, their timers and
 * their pages cost the link-check benchmark's process nothing: it measures the checker's CPU alone.
 */

export interface FakeHostReport {
  host: string;
  requests: number;
  /** Most requests to this host in flight at once, as the fake saw them. */
  maxInFlight: number;
  /** Least gap between two request starts at this host; null with fewer than two requests. */
  minStartGapMs: number | null;
}

export interface FakeStoresReport {
  requests: number;
  /** Distinct host + path pairs requested. */
  distinctLinks: number;
  hosts: FakeHostReport[];
  /** Every gap between two consecutive request starts at one host, all hosts together, ascending. */
  startGapsMs: number[];
  /** The fake's own CPU time since it started (for scale: not part of the checker's cost). */
  cpuMs: number;
  /** How late the fake's event loop ran, since it started: a request's start is stamped that much late at worst. */
  eventLoopDelay: EventLoopDelay;
}


export type ToFakeStores = { kind: 'report' } | { kind: 'exit' };
export type FromFakeStores = { kind: 'ready'; port: number; caPem: string } | { kind: 'report'; report: FakeStoresReport };

export interface FakeStoresProcess {
  port: number;
  caPem: string;
  report(): Promise<FakeStoresReport>;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./fake-stores-child.ts', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export async function startFakeStoresProcess(latencyMs: readonly [number, number]): Promise<FakeStoresProcess> {
  const child = fork(CHILD, [], {
    execArgv: ['--conditions=source', '--import', 'tsx'],
    env: { ...process.env, FAKE_STORES_LATENCY_MS: latencyMs.join(',') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await nextMessage(child, 'ready', START_TIMEOUT_MS).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    port: ready.port,
    caPem: ready.caPem,
    async report() {
      const answer = nextMessage(child, 'report', START_TIMEOUT_MS);
      send(child, { kind: 'report' });
      return (await answer).report;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) send(child, { kind: 'exit' });
      await exited;
    },
  };
}

function send(child: ChildProcess, message: ToFakeStores): void {
  child.send(message);
}

function nextMessage<K extends FromFakeStores['kind']>(child: ChildProcess, kind: K, timeoutMs: number): Promise<Extract<FromFakeStores, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(() => reject(new Error(`the fake stores sent no "${kind}" within ${timeoutMs} ms`))), timeoutMs);
    const onMessage = (message: FromFakeStores) => {
      if (message.kind === kind) done(() => resolve(message as Extract<FromFakeStores, { kind: K }>));
    };
    const onExit = (code: number | null) => done(() => reject(new Error(`the fake stores exited (${code}) before "${kind}"`)));
    const done = (settle: () => void) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      settle();
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
