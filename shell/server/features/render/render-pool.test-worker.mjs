// A stand-in render worker for render-pool.test.ts: it answers every render with the manifest it was started
// with, and holds its `ready` while its manifest's mf-catalogue entry says "held", until the test releases that
// entry on the BroadcastChannel below (where the worker says it holds) (a worker that is still importing a
// redeployed remote). For smoke renders, an entry saying "unloadable" reports its server entry failed to import,
// "throws" reports a render error on every page, "slow" takes 300 ms per page.
import { setTimeout as sleep } from 'node:timers/promises';
import { BroadcastChannel, parentPort, workerData } from 'node:worker_threads';

const { manifest } = workerData;
const entry = manifest['mf-catalogue'].entry;
const port = parentPort;
port.on('message', async (message) => {
  if (entry.includes('slow')) await sleep(300);
  const errors = entry.includes('throws') ? [`ProductPage threw at ${message.request.url}`] : [];
  port.postMessage({ type: 'rendered', id: message.id, page: { status: 200, html: JSON.stringify(manifest), inline: { scripts: [], styles: [] }, errors } });
});
const failures = entry.includes('unloadable') ? [{ remote: 'mf-catalogue', ssrEntry: entry.replace('remoteEntry.js', 'remoteEntry.ssr.js'), error: 'exports no exposes' }] : [];
const ready = () => port.postMessage({ type: 'ready', failures });
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
