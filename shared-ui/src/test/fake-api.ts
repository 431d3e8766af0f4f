import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../features/api/api-client.ts';

export interface Reply {
  status?: number;
  data?: unknown;
}

/** Decides the answer to one request; may return a promise the test settles later (see `deferred`). */
export type Route = (request: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

const realAdapter = apiClient.defaults.adapter;

/** Puts the client's own adapter back (an afterEach of every test that calls fakeApi). */
export function restoreApi(): void {
  apiClient.defaults.adapter = realAdapter;
}

/**
 * Answers the shared API client in-process through a custom axios adapter: the interceptors (base URL,
 * token) and axios's own cancellation still run. A status of 400 or more rejects with an AxiosError carrying
 * the response, as a real adapter does. Returns the requests seen, in order.
 */
export function fakeApi(route: Route): { requests: InternalAxiosRequestConfig[] } {
  const requests: InternalAxiosRequestConfig[] = [];
  apiClient.defaults.adapter = async (config) => {
    requests.push(config);
    const { status = 200, data = null } = await route(config);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (status < 400) return response;
    const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${status}`, code, config, null, response);
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
