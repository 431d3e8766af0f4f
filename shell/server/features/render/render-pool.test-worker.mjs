// A stand-in render worker for render-pool.test.ts: it answers every render with the manifest it was started
// with, and holds its `ready` while its manifest's mf-catalogue entry says "held", until the test releases that
// entry on the BroadcastChannel below (where the worker says it holds) (a worker that is still importing a redeployed remote).
import { BroadcastChannel, parentPort, workerData } from 'node:worker_threads';

const { manifest } = workerData;
const port = parentPort;
port.on('message', (message) => port.postMessage({ type: 'rendered', id: message.id, page: { status: 200, html: JSON.stringify(manifest) } }));
const ready = () => port.postMessage({ type: 'ready', failures: [] });
const entry = manifest['mf-catalogue'].entry;
if (!entry.includes('held')) ready();
else {
  const channel = new BroadcastChannel('render-pool-test');
  channel.onmessage = (event) => {
    if (event.data !== entry) return;
    channel.close();
    ready();
  };
  channel.postMessage(entry);
}
