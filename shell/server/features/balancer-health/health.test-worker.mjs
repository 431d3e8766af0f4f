// A stand-in render worker for the balancer health tests (health-route.test.ts). It renders a plain page, except
// /es/crash, which ends the worker as a crash would; a worker started while the shell folder holds a file named
// `hold-ready` never reports ready, as one still importing its remotes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const port = parentPort;
port?.on('message', (message) => {
  if (message.request.url === '/es/crash') process.exit(1);
  const html = `<!doctype html><html><head></head><body><p>${message.request.url}</p></body></html>`;
  port.postMessage({ type: 'rendered', id: message.id, page: { status: 200, html, inline: { scripts: [], styles: [] }, errors: [] } });
});
if (!existsSync(join(workerData.distDir, 'hold-ready'))) port?.postMessage({ type: 'ready', failures: [] });
