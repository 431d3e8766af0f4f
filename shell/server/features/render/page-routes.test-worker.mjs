// A stand-in render worker for page-routes.flood.test.ts: it answers each render with its sequence number and the
// URL it was asked for, and holds a render whose path has "held" in it until the test says "release" on the
// BroadcastChannel below (where the worker says which URL it holds): a slow render, for a full queue. "down"
// there makes every render a 503, as without the API.
import { BroadcastChannel, parentPort, workerData } from 'node:worker_threads';

const port = parentPort;
const channel = new BroadcastChannel('page-routes-test');
/** @type {(() => void)[]} */
let waiting = [];
/** "down": renders answer 503 as without the API's answers, until "up". */
let apiDown = false;
channel.onmessage = (event) => {
  if (event.data === 'down' || event.data === 'up') {
    apiDown = event.data === 'down';
    channel.postMessage(`api ${event.data}`);
    return;
  }
  if (event.data !== 'release') return;
  for (const release of waiting) release();
  waiting = [];
};
channel.unref();
let renders = 0;
port.on('message', async (message) => {
  const { url } = message.request;
  const n = ++renders;
  if (url.includes('held')) {
    await new Promise((resolve) => {
      waiting.push(() => resolve(undefined));
      channel.postMessage(`holding ${url}`);
    });
  }
  // "big": a page of the real one's size, of text that compresses about as well.
  const padding = url.includes('big') ? Array.from({ length: 4_000 }, (_, i) => `<p class="c${(i * 7919) % 1000}">item ${(i * 104729) % 100_003} ${n}</p>`).join('') : '';
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"/></head><body><div id="root"><p id="render">${n}</p><p id="url">${url.replaceAll('&', '&amp;')}</p>${padding}</div></body></html>`;
  port.postMessage({ type: 'rendered', id: message.id, page: { status: apiDown ? 503 : 200, html, inline: { scripts: [], styles: [] }, errors: [] } });
});
port.postMessage({ type: 'ready', failures: [] });
void workerData;
