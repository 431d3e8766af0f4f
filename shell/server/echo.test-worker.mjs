// A stand-in render worker for the shell server's own tests: every page it renders says which origin
// (config.siteUrl) the server gave the render, where a real page puts it (canonical link, og:url, boot data).
import { parentPort } from 'node:worker_threads';

const port = parentPort;
port.on('message', (message) => {
  const { siteUrl } = message.request.config;
  const url = `${siteUrl}${message.request.url}`;
  const html = `<!doctype html><html><head><link rel="canonical" href="${url}"><meta property="og:url" content="${url}"></head><body><script id="boot" type="application/json">${JSON.stringify({ siteUrl })}</script></body></html>`;
  port.postMessage({ type: 'rendered', id: message.id, page: { status: 200, html } });
});
port.postMessage({ type: 'ready', failures: [] });
