/**
 * Entry of the fake stores' child process (fake-stores-process.ts starts it with an IPC channel): starts
 * the fake with FAKE_STORES_LATENCY_MS ("min,max"), says where it listens, reports what it saw when
 * asked, and exits when told to or when its parent goes away.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startFakePlatforms } from '../src/test/fake-platforms.js';
import { eventLoopDelayOf } from './event-loop-delay.js';
import type { FakeHostReport, FakeStoresReport, FromFakeStores, ToFakeStores } from './fake-stores-process.js';

const [min = 100, max = 800] = (process.env.FAKE_STORES_LATENCY_MS ?? '100,800').split(',').map(Number);
const fake = await startFakePlatforms({ latencyMs: [min, max] });
const cpuAtStart = process.cpuUsage();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

const send = (message: FromFakeStores) => process.send?.(message);

function report(): FakeStoresReport {
  const startsByHost = new Map<string, number[]>();
  for (const request of fake.requests) {
    const starts = startsByHost.get(request.host) ?? [];
    starts.push(request.startedAt);
    startsByHost.set(request.host, starts);
  }
  const startGapsMs: number[] = [];
  const hosts = [...startsByHost].sort(([a], [b]) => a.localeCompare(b)).map(([host, starts]): FakeHostReport => {
    starts.sort((a, b) => a - b);
    for (let i = 1; i < starts.length; i++) startGapsMs.push((starts[i] ?? 0) - (starts[i - 1] ?? 0));
    const gap = fake.minStartGap(host);
    return { host, requests: starts.length, maxInFlight: fake.maxInFlight(host), minStartGapMs: Number.isFinite(gap) ? gap : null };
  });
  const cpu = process.cpuUsage(cpuAtStart);
  return {
    requests: fake.requests.length,
    distinctLinks: new Set(fake.requests.map((r) => `${r.host}${r.path}`)).size,
    hosts,
    startGapsMs: startGapsMs.sort((a, b) => a - b),
    cpuMs: (cpu.user + cpu.system) / 1000,
    eventLoopDelay: eventLoopDelayOf(loopDelay),
  };
}

let exiting = false;
async function exit(): Promise<void> {
  if (exiting) return;
  exiting = true;
  await fake.close();
  // Nothing is left to wait for; exit now rather than on whatever handle the fake's libraries keep.
  process.exit(0);
}

process.on('message', (message: ToFakeStores) => {
  if (message.kind === 'report') send({ kind: 'report', report: report() });
  else void exit();
});
process.once('disconnect', () => void exit());
send({ kind: 'ready', port: fake.port, caPem: fake.caPem });
