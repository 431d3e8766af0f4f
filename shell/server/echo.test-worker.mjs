// A stand-in render worker for the shell server's own tests (shell-server.test.ts). Every page it renders says
// which origin (config.siteUrl) the server gave the render, where a real page puts it (canonical link, og:url,
// boot data); it writes one inline style of its own in the head and reports only that one, and its body holds
// an inline script, a style element and a style attribute as if an API answer's text had got into React's output.
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

export const OWN_STYLE = 'body{margin:0}';
const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const port = parentPort;
port?.on('message', (message) => {
  const { siteUrl } = message.request.config;
  const url = `${siteUrl}${message.request.url}`;
  const html =
    `<!doctype html><html><head><style>${OWN_STYLE}</style><link rel="canonical" href="${url}"><meta property="og:url" content="${url}"></head>` +
    `<body><script id="boot" type="application/json">${JSON.stringify({ siteUrl })}</script>` +
    '<div style="background:url(https://tracker.example/x)"><script>alert(document.cookie)</script><style>body{display:none}</style></div></body></html>';
  port.postMessage({ type: 'rendered', id: message.id, page: { status: 200, html, inline: { scripts: [], styles: [hash(OWN_STYLE)] }, errors: [] } });
});
port?.postMessage({ type: 'ready', failures: [] });
