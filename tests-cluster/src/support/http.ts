import { Agent, request } from 'node:http';
import { encodeBody } from '../../../api/reliability/http-client.ts';

/**
 * HTTP from one loopback address of its own (127.x.y.z, never the balancer's 127.0.0.2): the servers tell clients
 * apart by address, directly or through the balancer's X-Forwarded-For, so each simulated visitor has its own and
 * meets the rate limits as one person would. node:http rather than fetch: it binds the local address, and its
 * keep-alive pool holds one socket per connection a visitor would have open.
 */

export interface Outgoing {
  method: 'GET' | 'POST' | 'DELETE';
  /** An absolute URL: the balancer's, or one instance's. */
  url: string;
  token?: string;
  json?: unknown;
  multipart?: { body: Buffer; contentType: string };
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** No answer at all: refused, reset, or nothing within the timeout. */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

export class LoopbackClient {
  constructor(
    readonly address: string,
    private readonly timeoutMs = 30_000,
  ) {
    if (address === '127.0.0.2' || !address.startsWith('127.')) throw new Error(`${address}: a client takes a loopback address other than the balancer's`);
  }

  send(out: Outgoing): Promise<Answer> {
    const url = new URL(out.url);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': `linkhunt-cluster-suite/${this.address}`, ...out.headers };
    if (out.token) headers.authorization = `Bearer ${out.token}`;
    const body = encodeBody(out, headers);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        { agent, host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: out.method, headers, localAddress: this.address, family: 4 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const all = Buffer.concat(chunks);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: all, text: all.toString('utf8') });
          });
          response.on('error', (error) => reject(new NoAnswer(`${out.method} ${out.url}: the answer broke off: ${error.message}`)));
        },
      );
      outgoing.setTimeout(this.timeoutMs, () => outgoing.destroy(new NoAnswer(`${out.method} ${out.url}: no answer within ${this.timeoutMs} ms`)));
      outgoing.on('error', (error) => reject(error instanceof NoAnswer ? error : new NoAnswer(`${out.method} ${out.url}: ${error.message}`)));
      outgoing.end(body);
    });
  }

  /** GET `url` and its `results.data`; throws unless the answer is 200. */
  async data<T>(url: string, token?: string): Promise<T> {
    const answer = await this.send({ method: 'GET', url, ...(token ? { token } : {}) });
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    return (JSON.parse(answer.text) as { results: { data: T } }).results.data;
  }
}

/** The n-th address of a block (127.0.<block>.<n+10>): each part of the suite takes a block of its own. */
export const clientAddress = (block: number, n: number) => `127.0.${block}.${10 + n}`;

/** Closes the kept-alive sockets, so the servers' graceful stop has nothing of ours to wait for. */
export const closeClients = () => agent.destroy();
