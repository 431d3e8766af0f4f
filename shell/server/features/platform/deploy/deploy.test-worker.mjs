// A stand-in render worker for the deploy tests: every page shows the remotes.json its worker was started with,
// so a test sees when the render pool has taken a deploy up; with a remote served from a folder named
// `render-fails`, every page reports a render error, as a remote whose page throws would (the smoke render's refusal);
// from a folder named `throws-in-render`, every page but the smoke render's (a made-up `smoke-check` product) does,
// as a version that passes its checks and then fails with visitors' data.
import { parentPort, workerData } from 'node:worker_threads';

const port = parentPort;
const html = `<!doctype html><html><head></head><body><pre id="manifest">${JSON.stringify(workerData.manifest)}</pre></body></html>`;
const served = (folder) => Object.values(workerData.manifest).some((remote) => remote.entry.includes(`/${folder}/`));
const fails = served('render-fails');
const throwsInRender = served('throws-in-render');
port?.on('message', (message) => {
  const { url } = message.request;
  const errors = fails || (throwsInRender && !url.includes('smoke-check')) ? [`${url}: the page threw`] : [];
  port.postMessage({ type: 'rendered', id: message.id, page: { status: 200, html, inline: { scripts: [], styles: [] }, errors } });
});
port?.postMessage({ type: 'ready', failures: [] });
