import type { Store } from '@linkhunt/contracts/limits';
import type { LinkCheckReason, LinkVerdict } from '@linkhunt/contracts/link-health';
import { request, type Dispatcher } from 'undici';
import { hostAllowed } from './store-links.js';
import { classifyPage, classifyRedirectTarget } from './platform-rules.js';
import { isNonPublicAddressError, publicOnlyDispatcher } from './public-address.js';
import { parseRetryAfter } from './retry-after.js';

export interface LinkCheckOutcome {
  result: LinkVerdict;
  reason: LinkCheckReason;
  /** The status of the last response (a redirect's own status when the redirect decided); null without one. */
  httpStatus: number | null;
  /** What the store asked for in Retry-After on 429 and 503, capped at a day; null otherwise. */
  retryAfterMs: number | null;
}

export interface LinkCheckOptions {
  /** The platform's hosts (`*.x` for subdomains): redirects anywhere else end the check. */
  allowlist: readonly string[];
  /** The budget of the whole check, redirects included. */
  timeoutMs: number;
  userAgent: string;
  /**
   * Where requests go: when absent, one that connects only to public addresses (public-address.ts). Tests
   * route to a fake store with their own.
   */
  dispatcher?: Dispatcher;
}

export const MAX_REDIRECTS = 5;
/** Every marker the rules look for sits in the head or the top of the page; the rest is never downloaded. */
export const MAX_BODY_BYTES = 512 * 1024;
/** Unread bodies (redirects, errors) are drained up to this much so the connection can be reused, else cut. */
const DRAIN_LIMIT_BYTES = 64 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const outcome = (result: LinkVerdict, reason: LinkCheckReason, httpStatus: number | null = null, retryAfterMs: number | null = null): LinkCheckOutcome => ({
  result,
  reason,
  httpStatus,
  retryAfterMs,
});

/**
 * GETs a store link the way a browser would, following at most five redirects within the platform's hosts, and
 * says whether it still shows a product. Never throws: whatever cannot be judged is `unknown` with its reason.
 */
export async function checkLink(platform: Store, url: string, options: LinkCheckOptions): Promise<LinkCheckOutcome> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // Raced rather than left to the signal alone: undici notices an abort only once a connection is
  // established, so a host that never completes the handshake would outlast the budget.
  const deadline = new Promise<LinkCheckOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(outcome('unknown', 'timeout'));
    }, options.timeoutMs);
  });
  const check = follow(platform, url, options, controller.signal).catch((error: unknown) => {
    if (controller.signal.aborted) return outcome('unknown', 'timeout');
    // Unknown rather than gone: a store's DNS pointing somewhere odd for a while must not hide its products.
    return isNonPublicAddressError(error) ? outcome('unknown', 'private_address') : outcome('unknown', 'network_error');
  });
  try {
    return await Promise.race([check, deadline]);
  } finally {
    clearTimeout(timer);
    // Also destroys any response body still unread (after a timeout, or one a bug left behind), freeing its connection.
    controller.abort();
  }
}

async function follow(platform: Store, link: string, options: LinkCheckOptions, signal: AbortSignal): Promise<LinkCheckOutcome> {
  let current: URL;
  try {
    current = new URL(link);
  } catch {
    return outcome('unknown', 'network_error');
  }
  // Stored links were checked against the allowlist when saved; one it no longer names is not fetched at all.
  if (!onPlatform(current, options.allowlist)) return outcome('unknown', 'network_error');

  for (let redirects = 0; ; redirects++) {
    const response = await request(current, {
      method: 'GET',
      headers: browserHeaders(options.userAgent),
      signal,
      dispatcher: options.dispatcher ?? guardedDispatcher(),
    });
    const status = response.statusCode;

    if (status >= 200 && status < 300) {
      const page = decode(await readCapped(response.body, MAX_BODY_BYTES), response.headers['content-type']);
      const judgement = classifyPage(platform, current, page);
      return outcome(judgement.result, judgement.reason, status);
    }

    await drain(response.body);
    if (REDIRECT_STATUSES.has(status)) {
      const target = redirectTarget(response.headers.location, current);
      if (target === null) return outcome('unknown', 'unexpected_status', status);
      if (!onPlatform(target, options.allowlist)) return outcome('gone', 'foreign_redirect', status);
      const pathReason = classifyRedirectTarget(platform, target);
      if (pathReason !== null) return outcome('gone', pathReason, status);
      if (redirects === MAX_REDIRECTS) return outcome('unknown', 'too_many_redirects', status);
      current = target;
      continue;
    }
    if (status === 404 || status === 410) return outcome('gone', 'not_found', status);
    if (status === 429) return outcome('unknown', 'rate_limited', status, parseRetryAfter(response.headers['retry-after']));
    if (status >= 500) {
      const retryAfterMs = status === 503 ? parseRetryAfter(response.headers['retry-after']) : null;
      return outcome('unknown', 'server_error', status, retryAfterMs);
    }
    return outcome('unknown', 'unexpected_status', status);
  }
}

let shared: Dispatcher | undefined;
/**
 * One for the process, as undici's global dispatcher would be: its idle connections are reused across checks.
 * Short links (features/agent-links) are followed through it too.
 */
export const guardedDispatcher = (): Dispatcher => (shared ??= publicOnlyDispatcher());

/**
 * Sends this process's checks through `dispatcher` instead of the public-only one. Only code inside the process
 * can call it: the end-to-end suite's preload (tests-e2e/src/harness/fake-stores-route.mjs), whose fake stores
 * listen on loopback, which the public-only dispatcher rightly refuses. undici's global dispatcher is not
 * consulted, so no other module setting it can route the checker around the address check.
 */
export function routeLinkChecks(dispatcher: Dispatcher): void {
  shared = dispatcher;
}

/** https on an allowed host at the default port, with no credentials: anything else is not the store. */
export function onPlatform(url: URL, allowlist: readonly string[]): boolean {
  return url.protocol === 'https:' && url.port === '' && url.username === '' && url.password === '' && hostAllowed(url.hostname, allowlist);
}

export function redirectTarget(location: string | string[] | undefined, base: URL): URL | null {
  const value = Array.isArray(location) ? location[0] : location;
  if (value === undefined || value.trim() === '') return null;
  try {
    return new URL(value.trim(), base);
  } catch {
    return null;
  }
}

export function browserHeaders(userAgent: string): Record<string, string> {
  return {
    'user-agent': userAgent,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-language': 'en-US,en;q=0.9,es;q=0.8',
    'upgrade-insecure-requests': '1',
  };
}

export type Body = Dispatcher.ResponseData['body'];

/** The first `limit` bytes; the stream is destroyed there, which closes its connection rather than download the rest. */
export async function readCapped(body: Body, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      const room = limit - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= limit) break;
    }
  } finally {
    if (!body.destroyed) body.destroy();
  }
  return Buffer.concat(chunks, size);
}

export async function drain(body: Body): Promise<void> {
  try {
    await body.dump({ limit: DRAIN_LIMIT_BYTES });
  } catch {
    // The body was cut (abort, reset); nothing is left to free.
  }
}

/** The charset the store declares if the runtime knows it, else UTF-8, else Latin-1 (which never fails). */
export function decode(bytes: Buffer, contentType: string | string[] | undefined): string {
  const declared = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(Array.isArray(contentType) ? (contentType[0] ?? '') : (contentType ?? ''))?.[1];
  if (declared !== undefined) {
    try {
      // stream: true keeps a multi-byte character cut by the size cap from being taken for an error.
      return new TextDecoder(declared, { fatal: true }).decode(bytes, { stream: true });
    } catch {
      // Unknown label or not in that charset after all: fall through.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return bytes.toString('latin1');
  }
}
