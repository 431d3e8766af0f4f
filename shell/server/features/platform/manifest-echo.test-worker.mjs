// A stand-in render worker for the platform's tests: every page pins the manifest the worker was started with, as a
// real page does in its boot data, so a test reads which remotes a page was rendered with. A manifest whose
// mf-product entry says "throws-in-render" has a product page that throws on the server, except the made-up
// product a deploy's smoke render opens (a version that passes its checks and fails with visitors' data).
import { parentPort, workerData } from 'node:worker_threads';

const { manifest } = workerData;
const port = parentPort;
const throws = String(manifest['mf-product']?.entry).includes('throws-in-render');
port?.on('message', (message) => {
  const { url } = message.request;
  const boot = JSON.stringify({ config: message.request.config, remotes: manifest });
  const html = `<!doctype html><html lang="es"><head><script type="application/json" id="linkhunt-boot">${boot}</script></head><body><div id="root">${url}</div></body></html>`;
  const errors = throws && url.includes('/product/') && !url.includes('smoke-check') ? ['ProductPage threw'] : [];
  port.postMessage({ type: 'rendered', id: message.id, page: { status: 200, html, inline: { scripts: [], styles: [] }, errors } });
});
port?.postMessage({ type: 'ready', failures: [] });
