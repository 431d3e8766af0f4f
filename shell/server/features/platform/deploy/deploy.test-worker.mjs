// A stand-in render worker for the deploy tests: every page shows the remotes.json its worker was started with,
// so a test sees when the render pool has taken a deploy up.
import { parentPort, workerData } from 'node:worker_threads';

const port = parentPort;
const html = `<!doctype html><html><head></head><body><pre id="manifest">${JSON.stringify(workerData.manifest)}</pre></body></html>`;
port?.on('message', (message) => {
  port.postMessage({ type: 'rendered', id: message.id, page: { status: 200, html, inline: { scripts: [], styles: [] } } });
});
port?.postMessage({ type: 'ready', failures: [] });
