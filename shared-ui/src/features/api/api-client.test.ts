import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi, type Reply, restoreApi, results } from '../../test/fake-api.ts';
import { bus } from '../bus/event-bus.ts';
import { setSiteConfig } from '../config/site-config.ts';
import { initI18n } from '../i18n/i18n.ts';
import { TOKEN_KEY } from '../session/token-storage.ts';
import { ApiError, apiClient, DEFAULT_TIMEOUT, isApiError, requestUrl, SAME_ORIGIN, type UploadProgress } from './api-client.ts';

const API_URL = 'http://api.test';

beforeEach(() => setSiteConfig({ apiUrl: API_URL }));

afterEach(() => {
  restoreApi();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** What a call rejected with; fails the test when it succeeded. */
function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('the call was expected to fail');
    },
    (error: unknown) => error,
  );
}

describe('apiClient', () => {
  it('reads the base URL from the site configuration at request time', async () => {
    const api = fakeApi(() => ({ data: {} }));
    setSiteConfig({ apiUrl: 'http://first.test' });
    await apiClient.get('/brands');
    setSiteConfig({ apiUrl: 'http://second.test' });
    await apiClient.get('/brands');
    expect(api.requests.map((request) => request.baseURL)).toEqual(['http://first.test', 'http://second.test']);
    expect(api.requests.map(requestUrl)).toEqual(['http://first.test/brands', 'http://second.test/brands']);
  });

  it('asks for the API’s messages in the page’s language, unless a call names another', async () => {
    const api = fakeApi(() => ({ data: {} }));
    await initI18n('de');
    await apiClient.post('/auth/login', { email: 'ana@example.com', password: 'secret' });
    await initI18n('fr');
    await apiClient.get('/brands');
    await apiClient.get('/brands', { headers: { 'Accept-Language': 'it' } });
    expect(api.requests.map((request) => request.headers.get('Accept-Language'))).toEqual(['de', 'fr', 'it']);
  });

  it('sends the bearer token only when one is stored', async () => {
    const api = fakeApi(() => ({ data: {} }));
    await apiClient.get('/products/featured');
    localStorage.setItem(TOKEN_KEY, 'abc123');
    await apiClient.get('/auth/check');
    const [anonymous, signedIn] = api.requests;
    expect(anonymous?.headers.has('Authorization')).toBe(false);
    expect(signedIn?.headers.get('Authorization')).toBe('Bearer abc123');
  });

  it('answers the data and the status', async () => {
    const api = fakeApi(() => ({ status: 201, data: { id: 7 } }));
    await expect(apiClient.post('/products/report', { id: 7 })).resolves.toEqual({ status: 201, data: { id: 7 } });
    await expect(apiClient.delete('/products/7')).resolves.toEqual({ status: 201, data: { id: 7 } });
    expect(api.requests.map((request) => [request.method, request.url])).toEqual([
      ['post', '/products/report'],
      ['delete', '/products/7'],
    ]);
  });

  it('sends an object as JSON and asks for JSON back', async () => {
    const api = fakeApi(() => ({ data: {} }));
    await apiClient.post('/auth/login', { email: 'ana@example.com', password: 'secret' });
    const [request] = api.requests;
    expect(request?.data).toBe('{"email":"ana@example.com","password":"secret"}');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('Accept')).toBe('application/json');
  });

  it('sends FormData as it is, leaving its Content-Type (and boundary) to the browser', async () => {
    const api = fakeApi(() => ({ data: {} }));
    const form = new FormData();
    form.append('title', 'Neon cap');
    await apiClient.post('/products', form);
    const [request] = api.requests;
    expect(request?.data).toBe(form);
    expect(request?.headers.has('Content-Type')).toBe(false);
  });

  it('adds a call’s own headers, without letting them replace the token or the JSON type', async () => {
    const api = fakeApi(() => ({ data: {} }));
    localStorage.setItem(TOKEN_KEY, 'abc123');
    await apiClient.post('/products', { id: 1 }, { headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer forged', 'Content-Type': 'text/plain' } });
    const [request] = api.requests;
    expect(request?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(request?.headers.get('Authorization')).toBe('Bearer abc123');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no body and no Content-Type when there is nothing to send', async () => {
    const api = fakeApi(() => ({ data: {} }));
    await apiClient.post('/auth/logout');
    await apiClient.get('/brands');
    expect(api.requests.map((request) => [request.data, request.headers.has('Content-Type')])).toEqual([
      [undefined, false],
      [undefined, false],
    ]);
  });

  it('rejects an answer outside 2xx with an ApiError carrying its status and body', async () => {
    const body = { message: 'The given data was invalid.', errors: { title: ['The title is required'] } };
    fakeApi(() => ({ status: 422, data: body }));
    const error = await failureOf(apiClient.post('/products', { title: '' }));
    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', kind: 'response', status: 422, data: body, message: 'Request failed with status code 422' });
  });

  it('rejects with a network ApiError, with no status and no body, when the API cannot be reached', async () => {
    const cause = new TypeError('Failed to fetch');
    fakeApi(() => Promise.reject(cause));
    const error = await failureOf(apiClient.get('/brands'));
    expect(error).toMatchObject({ kind: 'network', status: null, data: null, cause });
    expect(isApiError(error)).toBe(true);
  });

  it('gives up after 15 s with a timeout ApiError, and aborts the request', async () => {
    vi.useFakeTimers();
    const api = fakeApi(() => deferred<Reply>().promise);
    const failure = failureOf(apiClient.get('/brands'));
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT - 1);
    expect(api.requests[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await failure).toMatchObject({ kind: 'timeout', status: null, data: null });
    expect(api.requests[0]?.signal.aborted).toBe(true);
    expect(api.requests[0]?.timeout).toBe(DEFAULT_TIMEOUT);
  });

  it('lets a call wait longer than the default timeout', async () => {
    vi.useFakeTimers();
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    const call = apiClient.post('/products', new FormData(), { timeout: 120_000 });
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT + 1);
    expect(api.requests[0]?.signal.aborted).toBe(false);
    answer.resolve({ status: 201, data: { ok: true } });
    await expect(call).resolves.toEqual({ status: 201, data: { ok: true } });
  });

  it('rejects with the caller’s AbortError, not an ApiError, as soon as the caller aborts', async () => {
    const api = fakeApi(() => deferred<Reply>().promise);
    const controller = new AbortController();
    const failure = failureOf(apiClient.get('/brands', { signal: controller.signal }));
    controller.abort();
    const error = await failure;
    expect((error as DOMException).name).toBe('AbortError');
    expect(isApiError(error)).toBe(false);
    expect(api.requests[0]?.signal.aborted).toBe(true);
  });

  it('does not send a request whose signal is already aborted', async () => {
    const api = fakeApi(() => ({ data: {} }));
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(apiClient.get('/brands', { signal: controller.signal }));
    expect((error as DOMException).name).toBe('AbortError');
    expect(api.requests).toEqual([]);
  });

  it('keeps an answer that arrived before the caller aborted', async () => {
    fakeApi(() => results([1]));
    const controller = new AbortController();
    const call = apiClient.get('/brands', { signal: controller.signal });
    await expect(call).resolves.toMatchObject({ data: { results: { data: [1] } } });
    controller.abort();
  });
});

describe('a refused session', () => {
  /** The URLs the client reported as refusing the session, while `run` goes. */
  async function expiriesDuring(run: () => Promise<unknown>): Promise<string[]> {
    const heard: string[] = [];
    const unsubscribe = bus.subscribe('session:expired', ({ url }) => heard.push(url));
    try {
      await run().catch(() => undefined);
    } finally {
      unsubscribe();
    }
    return heard;
  }

  it('is reported on the bus when the stored token is answered with a 401, and the call still fails', async () => {
    localStorage.setItem(TOKEN_KEY, 'revoked-token');
    fakeApi(() => ({ status: 401, data: { message: 'Invalid token' } }));
    let error: unknown;
    const heard = await expiriesDuring(async () => {
      error = await failureOf(apiClient.post('/products/update', new FormData()));
    });
    expect(heard).toEqual(['/products/update']);
    expect(error).toMatchObject({ kind: 'response', status: 401 });
  });

  it('is reported when the call went without a token because another tab signed out', async () => {
    fakeApi(() => ({ status: 401, data: { message: 'You must log in to do this' } }));
    expect(await expiriesDuring(() => apiClient.post('/products/update', new FormData()))).toEqual(['/products/update']);
  });

  it('is not reported for a token a new sign-in replaced while the call was out', async () => {
    localStorage.setItem(TOKEN_KEY, 'old-token');
    const answer = deferred<Reply>();
    fakeApi(() => answer.promise);
    const heard = expiriesDuring(() => apiClient.get('/auth/favourites'));
    localStorage.setItem(TOKEN_KEY, 'new-token');
    answer.resolve({ status: 401, data: { message: 'Invalid token' } });
    expect(await heard).toEqual([]);
  });

  it('is not reported for other refusals', async () => {
    localStorage.setItem(TOKEN_KEY, 'live-token');
    fakeApi(() => ({ status: 403, data: { message: 'Forbidden' } }));
    expect(await expiriesDuring(() => apiClient.post('/products/update', new FormData()))).toEqual([]);
  });
});

describe('isApiError', () => {
  it('knows an ApiError made by another copy of this module by its mark, and nothing else', () => {
    const fromAnotherCopy = Object.assign(new Error('x'), { [Symbol.for('linkhunt.api-error')]: true });
    expect(isApiError(fromAnotherCopy)).toBe(true);
    expect(isApiError(Object.assign(new Error('x'), { status: 404, data: null }))).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError('404')).toBe(false);
  });
});

describe('requestUrl', () => {
  it('joins the base URL and the path with one slash, and keeps an absolute URL', () => {
    expect(requestUrl({ baseURL: 'http://api.test/', url: '/brands' })).toBe('http://api.test/brands');
    expect(requestUrl({ baseURL: 'http://api.test/v1', url: 'brands?page=2' })).toBe('http://api.test/v1/brands?page=2');
    expect(requestUrl({ baseURL: 'http://api.test', url: 'https://cdn.test/x.json' })).toBe('https://cdn.test/x.json');
  });
});

describe('the fetch transport', () => {
  function stubFetch(answer: (url: string, init: RequestInit) => Promise<Response>) {
    const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => answer(String(input), init ?? {}));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('sends the method, the full URL, the headers, the body and the signal', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc123');
    const fetchMock = stubFetch(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await expect(apiClient.post('/products/report', { id: 7 })).resolves.toEqual({ status: 200, data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${API_URL}/products/report`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"id":7}');
    expect(init?.signal).toBeDefined();
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc123');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends a call made with the SAME_ORIGIN base URL to the page’s own host, with the token', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc123');
    const fetchMock = stubFetch(async () => new Response('{"remotes":[]}', { status: 200 }));
    await expect(apiClient.get('/_platform/remotes', { baseURL: SAME_ORIGIN })).resolves.toEqual({ status: 200, data: { remotes: [] } });
    await apiClient.get('/brands');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/_platform/remotes', `${API_URL}/brands`]);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer abc123');
  });

  it('reads an empty or non-JSON body as null', async () => {
    stubFetch(async (url) => new Response(url.endsWith('/empty') ? null : '<html>Bad gateway</html>', { status: url.endsWith('/empty') ? 204 : 502 }));
    await expect(apiClient.delete('/empty')).resolves.toEqual({ status: 204, data: null });
    expect(await failureOf(apiClient.get('/html'))).toMatchObject({ kind: 'response', status: 502, data: null });
  });

  it('turns an error answer into an ApiError with the parsed body', async () => {
    stubFetch(async () => new Response(JSON.stringify({ message: 'Brand not found' }), { status: 404 }));
    expect(await failureOf(apiClient.get('/brands/slug/gone'))).toMatchObject({ kind: 'response', status: 404, data: { message: 'Brand not found' } });
  });

  it('turns a failed fetch into a network ApiError', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failureOf(apiClient.get('/brands'))).toMatchObject({ kind: 'network', status: null });
  });

  it('hands fetch a signal that the caller’s abort reaches', async () => {
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))),
    );
    const controller = new AbortController();
    const failure = failureOf(apiClient.get('/brands', { signal: controller.signal }));
    controller.abort();
    expect(((await failure) as DOMException).name).toBe('AbortError');
  });
});

/** Just the part of XMLHttpRequest the client uses, driven by the test. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | null = null;
  readonly upload = new EventTarget();
  readonly headers = new Map<string, string>();
  method = '';
  url = '';
  body: unknown = undefined;
  aborted = false;
  status = 0;
  responseText = '';

  constructor() {
    super();
    FakeXhr.last = this;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { loaded, total, lengthComputable }));
  }

  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.dispatchEvent(new Event('load'));
  }

  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

describe('upload progress', () => {
  const sentXhr = () => {
    if (!FakeXhr.last) throw new Error('no XMLHttpRequest was made');
    return FakeXhr.last;
  };

  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('fetch', () => Promise.reject(new Error('fetch cannot report upload progress')));
  });

  it('goes through XMLHttpRequest and reports the share of the body sent', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc123');
    const form = new FormData();
    form.append('title', 'Neon cap');
    const seen: UploadProgress[] = [];
    const call = apiClient.post('/products', form, { onUploadProgress: (progress) => seen.push(progress) });
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = sentXhr();
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', `${API_URL}/products`, form]);
    expect(xhr.headers.get('authorization')).toBe('Bearer abc123');
    expect(xhr.headers.has('content-type')).toBe(false);

    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.progress(10, 0, false);
    xhr.answer(201, JSON.stringify({ results: { data: { id: 99 } } }));

    await expect(call).resolves.toEqual({ status: 201, data: { results: { data: { id: 99 } } } });
    expect(seen).toEqual([
      { loaded: 50, total: 200, progress: 0.25 },
      { loaded: 200, total: 200, progress: 1 },
      { loaded: 10, total: undefined, progress: undefined },
    ]);
  });

  it('fails as fetch does: an ApiError with the body, a network ApiError, the caller’s AbortError', async () => {
    const onUploadProgress = () => undefined;

    const refused = failureOf(apiClient.post('/products', new FormData(), { onUploadProgress }));
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    sentXhr().answer(422, JSON.stringify({ message: 'Invalid', errors: { title: ['Too short'] } }));
    expect(await refused).toMatchObject({ kind: 'response', status: 422, data: { message: 'Invalid', errors: { title: ['Too short'] } } });

    FakeXhr.last = null;
    const unreachable = failureOf(apiClient.post('/products', new FormData(), { onUploadProgress }));
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    sentXhr().fail();
    expect(await unreachable).toMatchObject({ kind: 'network', status: null, data: null });

    FakeXhr.last = null;
    const controller = new AbortController();
    const cancelled = failureOf(apiClient.post('/products', new FormData(), { onUploadProgress, signal: controller.signal }));
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    controller.abort();
    expect(((await cancelled) as DOMException).name).toBe('AbortError');
    expect(sentXhr().aborted).toBe(true);
  });

  it('aborts the upload when the timeout passes', async () => {
    vi.useFakeTimers();
    const failure = failureOf(apiClient.post('/products', new FormData(), { onUploadProgress: () => undefined, timeout: 1_000 }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await failure).toMatchObject({ kind: 'timeout' });
    expect(sentXhr().aborted).toBe(true);
  });
});

