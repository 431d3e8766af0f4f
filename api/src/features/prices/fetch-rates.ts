import { request } from 'undici';
import { type ParsedRates, parseEcbDaily } from './ecb-document.js';

/** The ECB's daily document is under 2 KB; anything this long is not it, and is not read further. */
const MAX_DOCUMENT_BYTES = 256 * 1024;

export interface FetchRatesOptions {
  url: string;
  /** The budget of the whole fetch: connection, answer and body. */
  timeoutMs: number;
  userAgent: string;
}

/**
 * GETs the rates document and reads it. Never throws: a timeout, a network error, an HTTP error or a document
 * that is not a complete set of rates all come back as `ok: false` with a reason for the log.
 */
export async function fetchRates(options: FetchRatesOptions, stop?: AbortSignal): Promise<ParsedRates> {
  const controller = new AbortController();
  const onStop = () => controller.abort();
  stop?.addEventListener('abort', onStop, { once: true });
  let timer: NodeJS.Timeout | undefined;
  // Raced rather than left to the signal alone, as in link-health/check-link.ts: a handshake that never ends ignores the signal.
  const deadline = new Promise<ParsedRates>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ ok: false, reason: `no answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
  });
  const fetching = download(options, controller.signal).catch((error: unknown): ParsedRates => {
    if (stop?.aborted) return { ok: false, reason: 'stopped' };
    if (controller.signal.aborted) return { ok: false, reason: `no answer within ${options.timeoutMs} ms` };
    return { ok: false, reason: `network error: ${error instanceof Error ? error.message : String(error)}` };
  });
  try {
    return await Promise.race([fetching, deadline]);
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener('abort', onStop);
    // Also destroys a body still unread after a timeout.
    controller.abort();
  }
}

async function download(options: FetchRatesOptions, signal: AbortSignal): Promise<ParsedRates> {
  const response = await request(options.url, {
    method: 'GET',
    headers: { 'user-agent': options.userAgent, accept: 'application/xml, text/xml' },
    signal,
  });
  if (response.statusCode !== 200) {
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    return { ok: false, reason: `HTTP ${response.statusCode}` };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > MAX_DOCUMENT_BYTES) {
      response.body.destroy();
      return { ok: false, reason: `a document over ${MAX_DOCUMENT_BYTES} bytes` };
    }
    chunks.push(chunk as Buffer);
  }
  return parseEcbDaily(Buffer.concat(chunks).toString('utf8'));
}
