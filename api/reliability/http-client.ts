import { Agent, request as httpRequest } from 'node:http';

/**
 * A plain keep-alive HTTP client for the load run. node:http rather than fetch: the agent caps the open
 * sockets at the number of connections asked for, and costs the two shared cores less than fetch would.
 */

/** Who a request comes from: its address (X-Forwarded-For, believed by the API behind TRUST_PROXY), agent and token. */
export interface Client {
  address: string;
  userAgent: string;
  token?: string;
}

export interface Outgoing {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** An object is sent as JSON; a multipart body comes ready-made. */
  json?: unknown;
  multipart?: { body: Buffer; contentType: string };
  /** false: send the client's address and agent but not its token. */
  signedIn?: boolean;
  /** The Origin header, as a browser sends it from the site's pages (the counting routes answer only the site's). */
  origin?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}

/** No answer at all: the connection failed or the answer did not come within the timeout. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

export class HttpClient {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: URL,
    connections: number,
    private readonly timeoutMs: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  send(client: Client, out: Outgoing): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': client.address, 'user-agent': client.userAgent, accept: 'application/json' };
    if (client.token && out.signedIn !== false) headers.authorization = `Bearer ${client.token}`;
    if (out.origin) headers.origin = out.origin;
    const body = encodeBody(out, headers);

    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = httpRequest(
        { agent: this.agent, host: this.baseUrl.hostname, port: this.baseUrl.port, method: out.method, path: out.path, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
          res.on('error', (error) => reject(new TransportError(error.message, false)));
        },
      );
      req.setTimeout(this.timeoutMs, () => req.destroy(new TransportError(`no answer within ${this.timeoutMs} ms`, true)));
      req.on('error', (error) => reject(error instanceof TransportError ? error : new TransportError(error.message, false)));
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * The request's body, JSON or multipart, with its Content-Type and Content-Length added to `headers`; undefined
 * when it has none. The cluster suite's client (tests-cluster) sends its bodies the same way.
 */
export function encodeBody(out: { json?: unknown; multipart?: { body: Buffer; contentType: string } }, headers: Record<string, string>): Buffer | undefined {
  let body: Buffer | undefined;
  if (out.json !== undefined) {
    body = Buffer.from(JSON.stringify(out.json));
    headers['content-type'] = 'application/json';
  } else if (out.multipart) {
    body = out.multipart.body;
    headers['content-type'] = out.multipart.contentType;
  }
  if (body) headers['content-length'] = String(body.length);
  return body;
}

/** A multipart/form-data body as a browser would send it, built by the platform's own encoder. */
export async function multipartBody(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('FormData gave no content type');
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType };
}

/** The answer's JSON, or undefined when it is not JSON. */
export function parseJson(answer: Answer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return undefined;
  }
}
