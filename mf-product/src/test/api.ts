import { fakeApi, type Reply, type Route } from '@linkhunt/shared-ui/test/fake-api.ts';

/** One request as the fake API sees it: base URL and token applied, the body as it goes out. */
type ApiRequest = Parameters<Route>[0];

type Answer = Reply | Promise<Reply> | ((request: ApiRequest) => Reply | Promise<Reply>);

/** "GET /products/1": a request as the routes below name it. */
export const callOf = (request: ApiRequest) => `${(request.method ?? 'get').toUpperCase()} ${request.url ?? ''}`;

/**
 * Answers by method and URL (`'POST /products/report'`); anything else is a 404, as the API answers an unknown
 * product, brand or category. Returns the requests seen and their names.
 */
export function fakeRoutes(routes: Record<string, Answer>) {
  const api = fakeApi((request) => {
    const answer = routes[callOf(request)];
    if (answer === undefined) return NOT_FOUND;
    return typeof answer === 'function' ? answer(request) : answer;
  });
  return { requests: api.requests, calls: () => api.requests.map(callOf) };
}

/** The JSON body a request sent (the client has serialised it before the transport sees it). */
export function bodyOf(request: ApiRequest | undefined): unknown {
  return typeof request?.data === 'string' ? JSON.parse(request.data) : request?.data;
}

export const NOT_FOUND: Reply = { status: 404, data: { message: 'Not found' } };
export const SERVER_ERROR: Reply = { status: 500, data: { message: 'Server Error' } };
