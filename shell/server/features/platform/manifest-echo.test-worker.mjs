// A stand-in render worker for the platform's tests: every page pins the manifest the worker was started with, as a
// real page does in its boot data, so a test reads which remotes a page was rendered with.
import { parentPort, workerData } from 'node:worker_threads';

const { manifest } = workerData;
const port = parentPort;
port?.on('message', (message) => {
  const boot = JSON.stringify({ config: message.request.config, remotes: manifest });
  const html = `<!doctype html><html lang="es"><head><script type="application/json" id="linkhunt-boot">${boot}</script></head><body><div id="root">${message.request.url}</div></body></html>`;
  port.postMessage({ type: 'rendered', id: message.id, page: { status: 200, html, inline: { scripts: [], styles: [] }, errors: [] } });
});
port?.postMessage({ type: 'ready', failures: [] });
