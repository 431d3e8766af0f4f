import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { generate } from 'selfsigned';
import type { Agent } from 'undici';
import { fakePlatformDispatcher } from './fake-platforms.js';

/**
 * Short-link hosts as the server meets them, on one HTTPS server on 127.0.0.1 reached through `dispatcher` (which
 * routes every host there over verified TLS). The path says what a link does:
 * - /to-weidian: 302 to a Weidian item; /to-kakobuy: 302 to a Kakobuy item link wrapping a Taobao item;
 * - /page-taobao: 200, Taobao's share page, the item named only in its script (`var url = '…'`, with `\/` escapes);
 * - /hop: 301 to another short host's /to-weidian; /loop: 302 to itself;
 * - /dead: 404; /foreign: 302 to a host that is neither short-link nor agent; /no-item: 200 without an item link;
 * - /hang: never answers.
 */
export interface FakeShortLinks {
  dispatcher: Agent;
  /** Paths requested, as `host/path`. */
  requests: string[];
  close(): Promise<void>;
}

export const SHORT_LINK_ITEMS = {
  weidian: { marketplace: 'weidian', id: '7233464590' },
  kakobuy: { marketplace: 'taobao', id: '681234567890' },
  taobao: { marketplace: 'taobao', id: '678901234567' },
} as const;

const CERT_NAMES = ['m.tb.cn', 'e.tb.cn', 'tb.cn', 'k.youshop10.com', 'qr.1688.com', 'ikako.vip', 'evil.example'];

export async function startFakeShortLinks(): Promise<FakeShortLinks> {
  const pems = await generate([{ name: 'commonName', value: 'fake-short-links.test' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: CERT_NAMES.map((value) => ({ type: 2 as const, value })) },
    ],
  });
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push(`${host}${path}`);
    const redirect = (status: number, location: string) => res.writeHead(status, { location }).end();
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>淘宝</title></head><body>${body}</body></html>`);
    switch (path) {
      case '/to-weidian':
        return redirect(302, `https://weidian.com/item.html?itemID=${SHORT_LINK_ITEMS.weidian.id}&spider_token=abc`);
      case '/to-kakobuy':
        return redirect(302, `https://www.kakobuy.com/item/details?url=${encodeURIComponent(`https://item.taobao.com/item.htm?id=${SHORT_LINK_ITEMS.kakobuy.id}`)}&affcode=someoneelse`);
      case '/page-taobao':
        return html(`<script>var url = 'https:\\/\\/item.taobao.com\\/item.htm?ut_sk=1.abc&id=${SHORT_LINK_ITEMS.taobao.id}&sourceType=item&suid=x';</script>`);
      case '/hop':
        return redirect(301, 'https://e.tb.cn/to-weidian');
      case '/loop':
        return redirect(302, 'https://m.tb.cn/loop');
      case '/foreign':
        return redirect(302, 'https://evil.example/item.htm?id=1');
      case '/no-item':
        return html('<p>Open in the app</p>');
      case '/hang':
        return;
      default:
        return res.writeHead(404).end('not found');
    }
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dispatcher = fakePlatformDispatcher(port, pems.cert);
  return {
    dispatcher,
    requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), dispatcher.destroy()]);
    },
  };
}
