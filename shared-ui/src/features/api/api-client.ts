import { bus } from '../bus/event-bus.ts';
import { getSiteConfig } from '../config/site-config.ts';
import { i18n } from '../i18n/i18n.ts';
import { isLanguage } from '../i18n/languages.ts';
import { globalSingleton } from '../../lib/global-singleton.ts';
import { readToken } from '../session/token-storage.ts';

/** How long the API gets to answer unless a call says otherwise. */
export const DEFAULT_TIMEOUT = 15_000;

export type Method = 'get' | 'post' | 'delete';

/** How much of a request body has gone out; `progress` is `loaded / total`, undefined when the size is unknown. */
export interface UploadProgress {
  loaded: number;
  total: number | undefined;
  progress: number | undefined;
}

export interface RequestConfig {
  /** Aborting it rejects the call with the signal's reason (an AbortError unless the caller gave another). */
  signal?: AbortSignal;
  /** Milliseconds before the call fails with an ApiError of kind 'timeout'; DEFAULT_TIMEOUT when left out. */
  timeout?: number;
  /** Only XMLHttpRequest reports upload progress, so passing this sends the call through it. */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** Extra request headers (an upload's Idempotency-Key); the client's own (Authorization, Content-Type) win. */
  headers?: Record<string, string>;
  /** Where the path goes: the site configuration's API URL unless given; SAME_ORIGIN for the page's own host. */
  baseURL?: string;
}

/**
 * A base URL that leaves the path as it is, so the browser sends it to the page's own origin: the shell server's
 * platform API (`/_platform/…`), with the same token, language and errors as every API call.
 */
export const SAME_ORIGIN = '';

/** A JSON body (any object or array), or a multipart one. */
export type RequestBody = FormData | object;

export interface ApiResponse<T> {
  data: T;
  status: number;
}

/** One request as a transport receives it: base URL and token already applied, the body ready for the wire. */
export interface ApiRequest {
  method: Method;
  /** The caller's path, `/brands`; an absolute URL is used as is. */
  url: string;
  baseURL: string;
  headers: Headers;
  /** JSON text, the FormData itself, or nothing. */
  data: string | FormData | undefined;
  /** Aborts on the caller's abort and on the timeout. */
  signal: AbortSignal;
  timeout: number;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** What came back: the status, and the body as parsed JSON (null when empty or not JSON). */
export interface TransportAnswer {
  status: number;
  data: unknown;
}

/** Sends one request; rejects only when there is no answer at all (network down, aborted). */
export type Transport = (request: ApiRequest) => Promise<TransportAnswer>;

export type ApiErrorKind = 'response' | 'network' | 'timeout';

type ApiErrorInit = { kind: 'response'; status: number; data: unknown } | { kind: 'network' | 'timeout'; cause?: unknown };

// A remote that ends up with its own copy of this module gets its own ApiError class, so instanceof would
// miss errors made by the shell's client: the guard looks for this mark instead.
const API_ERROR = Symbol.for('linkhunt.api-error');

/** A failed call: the API answered with a status outside 2xx, or it could not be reached, or it was too slow. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The answer's status; null when nothing came back. */
  readonly status: number | null;
  /** The answer's body as parsed JSON (spec section 8: `{ message, errors }`); null without one. */
  readonly data: unknown;
  readonly [API_ERROR] = true;

  constructor(init: ApiErrorInit) {
    if (init.kind === 'response') {
      super(`Request failed with status code ${init.status}`);
      this.status = init.status;
      this.data = init.data;
    } else {
      super(init.kind === 'timeout' ? 'The API did not answer in time' : 'The API could not be reached', { cause: init.cause });
      this.status = null;
      this.data = null;
    }
    this.kind = init.kind;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && (error as { [API_ERROR]?: unknown })[API_ERROR] === true;
}

/** Where a request goes: the base URL joined to the path with one slash between them. */
export function requestUrl({ baseURL, url }: Pick<ApiRequest, 'baseURL' | 'url'>): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url) || !baseURL) return url;
  return `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // An HTML error page from a proxy tells the caller nothing it can show.
    return null;
  }
}

async function fetchTransport(request: ApiRequest): Promise<TransportAnswer> {
  const response = await fetch(requestUrl(request), {
    method: request.method.toUpperCase(),
    headers: request.headers,
    body: request.data,
    signal: request.signal,
  });
  return { status: response.status, data: parseBody(await response.text()) };
}

// fetch cannot report upload progress in browsers, hence XMLHttpRequest for the calls that show a progress bar.
function xhrTransport(request: ApiRequest): Promise<TransportAnswer> {
  const { signal, onUploadProgress } = request;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => signal.removeEventListener('abort', abort);
    xhr.open(request.method.toUpperCase(), requestUrl(request));
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    if (onUploadProgress) {
      xhr.upload.addEventListener('progress', ({ loaded, total, lengthComputable }) => {
        onUploadProgress({ loaded, total: lengthComputable ? total : undefined, progress: lengthComputable && total > 0 ? loaded / total : undefined });
      });
    }
    xhr.addEventListener('load', () => {
      settle();
      resolve({ status: xhr.status, data: parseBody(xhr.responseText) });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(signal.reason as unknown);
    });
    signal.addEventListener('abort', abort, { once: true });
    xhr.send(request.data ?? null);
  });
}

export const defaultTransport: Transport = (request) => (request.onUploadProgress ? xhrTransport(request) : fetchTransport(request));

export interface ApiClient {
  get<T = unknown>(url: string, config?: RequestConfig): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, body?: RequestBody, config?: RequestConfig): Promise<ApiResponse<T>>;
  delete<T = unknown>(url: string, config?: RequestConfig): Promise<ApiResponse<T>>;
  /** How requests reach the API; tests swap in a fake (src/test/fake-api.ts) and everything above still runs. */
  transport: Transport;
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as unknown), { once: true }));
}

function createClient(): ApiClient {
  async function send<T>(method: Method, url: string, body: RequestBody | undefined, config: RequestConfig = {}): Promise<ApiResponse<T>> {
    const { signal: callerSignal, timeout = DEFAULT_TIMEOUT, onUploadProgress } = config;
    const headers = new Headers({ ...config.headers, Accept: 'application/json' });
    // The API writes its messages (errors, confirmations) in the page's language.
    if (!headers.has('Accept-Language') && isLanguage(i18n.language)) headers.set('Accept-Language', i18n.language);
    const token = readToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let data: string | FormData | undefined;
    // The browser writes the multipart Content-Type itself, boundary included.
    if (body instanceof FormData) data = body;
    else if (body !== undefined) {
      data = JSON.stringify(body);
      headers.set('Content-Type', 'application/json');
    }
    const baseURL = config.baseURL ?? getSiteConfig().apiUrl;
    if (callerSignal?.aborted) throw callerSignal.reason as unknown;

    // One controller for both the caller's abort and the timeout rather than AbortSignal.any/timeout: Safari
    // before 17.4 lacks the first, and tests can fake a plain setTimeout but not the second.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The API did not answer in time', 'TimeoutError'));
    }, timeout);
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', forwardAbort, { once: true });
    const request: ApiRequest = { method, url, baseURL, headers, data, signal: controller.signal, timeout, onUploadProgress };

    let answer: TransportAnswer;
    try {
      // The race settles an aborted call at once even with a transport that ignores the signal.
      answer = await Promise.race([client.transport(request), rejectOnAbort(controller.signal)]);
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason as unknown;
      if (timedOut) throw new ApiError({ kind: 'timeout', cause: error });
      throw new ApiError({ kind: 'network', cause: error });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
    // Only a refusal of the session still stored says it has ended: a late answer to a token that a new sign-in
    // has since replaced says nothing about the new one.
    if (answer.status === 401 && readToken() === token) bus.publish('session:expired', { url });
    if (answer.status < 200 || answer.status >= 300) throw new ApiError({ kind: 'response', status: answer.status, data: answer.data });
    // The API's contract is the caller's to name; nothing here can check it.
    return { data: answer.data as T, status: answer.status };
  }

  const client: ApiClient = {
    get: (url, config) => send('get', url, undefined, config),
    post: (url, body, config) => send('post', url, body, config),
    delete: (url, config) => send('delete', url, undefined, config),
    transport: defaultTransport,
  };
  return client;
}

/**
 * The one HTTP client of the site: the API's base URL from the runtime configuration, the bearer token when
 * there is one, the page's language as Accept-Language. The key changes with the client's shape: a remote still built against the previous client
 * keeps that one instead of calling methods this one does not have, and a remote built against this one does not
 * take an older shell's client, which would send a SAME_ORIGIN call to the API.
 */
export const apiClient = globalSingleton('api-client.base-url', createClient);
