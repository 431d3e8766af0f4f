import { type ApiRequest, apiClient } from '../features/api/api-client.ts';

export interface Reply {
  status?: number;
  data?: unknown;
}

/** Decides the answer to one request; may return a promise the test settles later (see `deferred`). */
export type Route = (request: ApiRequest) => Reply | Promise<Reply>;

const realTransport = apiClient.transport;

/** Puts the client's own transport back (an afterEach of every test that calls fakeApi). */
export function restoreApi(): void {
  apiClient.transport = realTransport;
}

/**
 * Answers the shared API client in-process through a fake transport: the client's own work (base URL, token,
 * JSON body, timeout, cancellation, errors) still runs. A status outside 2xx rejects with an ApiError carrying
 * the body, a route that rejects is a network failure, as with the real transport. Returns the requests seen,
 * in order.
 */
export function fakeApi(route: Route): { requests: ApiRequest[] } {
  const requests: ApiRequest[] = [];
  apiClient.transport = async (request) => {
    requests.push(request);
    const { status = 200, data = null } = await route(request);
    return { status, data };
  };
  return { requests };
}

/** The `{ results: { data } }` envelope of the API's reads (spec section 3). */
export function results(data: unknown): Reply {
  return { data: { results: { data } } };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
