import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred, fakeApi, type Reply, restoreApi } from '../../test/fake-api.ts';
import { anOwnUser } from '../../test/fixtures.ts';
import { apiClient } from '../api/api-client.ts';
import { bus } from '../bus/event-bus.ts';
import { setSiteConfig } from '../config/site-config.ts';
import { sessionStore } from './session-store.ts';
import { TOKEN_KEY } from './token-storage.ts';

const user = anOwnUser();

beforeEach(() => {
  setSiteConfig({ apiUrl: 'http://api.test' });
  sessionStore.setState({ status: 'pending', user: null });
});
afterEach(() => {
  restoreApi();
  localStorage.clear();
});

describe('check', () => {
  it('is unauthenticated without a token, and asks nothing', async () => {
    const api = fakeApi(() => ({ data: {} }));
    await sessionStore.getState().check();
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(api.requests).toHaveLength(0);
  });

  it('is authenticated with the user when /auth/check accepts the token', async () => {
    localStorage.setItem(TOKEN_KEY, 'good-token');
    const api = fakeApi(() => ({ data: { status: 'success', user: { data: user } } }));
    await sessionStore.getState().check();
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user });
    expect(api.requests[0]?.url).toBe('/auth/check');
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer good-token');
  });

  it('drops a token the API refuses', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired-token');
    fakeApi(() => ({ status: 401, data: { message: 'Unauthenticated.' } }));
    await sessionStore.getState().check();
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('check when the API gives no verdict on the token', () => {
  it('works signed out at start but keeps the token, so a later check signs the user in again', async () => {
    localStorage.setItem(TOKEN_KEY, 'good-token');
    fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
    await sessionStore.getState().check();
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('good-token');

    fakeApi(() => ({ data: { status: 'success', user: { data: user } } }));
    await sessionStore.getState().check();
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user });
  });

  it('keeps a signed-in user signed in when a refresh fails on a server error', async () => {
    localStorage.setItem(TOKEN_KEY, 'good-token');
    sessionStore.setState({ status: 'authenticated', user });
    fakeApi(() => ({ status: 503, data: { message: 'Service Unavailable' } }));
    await sessionStore.getState().check();
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('good-token');
  });
});

describe('a session the API refuses mid-visit', () => {
  beforeEach(() => {
    localStorage.setItem(TOKEN_KEY, 'revoked-token');
    sessionStore.setState({ status: 'authenticated', user });
  });

  it('expires on a 401: the token goes, the user stays known, and nobody is sent anywhere', async () => {
    fakeApi(() => ({ status: 401, data: { message: 'Invalid token' } }));
    await apiClient.post('/products/update', new FormData()).catch(() => undefined);
    expect(sessionStore.getState()).toMatchObject({ status: 'expired', user });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('expires, rather than signing out, when the refresh of the user is refused', async () => {
    fakeApi(() => ({ status: 401, data: { message: 'Invalid token' } }));
    await sessionStore.getState().check();
    expect(sessionStore.getState()).toMatchObject({ status: 'expired', user });
    // A check while expired (a page that refreshes the user on opening) changes nothing.
    await sessionStore.getState().check();
    expect(sessionStore.getState()).toMatchObject({ status: 'expired', user });
  });

  it('ends with a new sign-in, which later 401s to the old token do not undo', async () => {
    const late = deferred<Reply>();
    fakeApi((request) => (request.url === '/auth/favourites' ? late.promise : { status: 401, data: { message: 'Invalid token' } }));
    const stale = apiClient.get('/auth/favourites').catch(() => undefined);
    await apiClient.post('/products/update', new FormData()).catch(() => undefined);
    expect(sessionStore.getState().status).toBe('expired');

    sessionStore.getState().signIn({ token: { accessToken: 'fresh-token', tokenType: 'Bearer' }, user: { data: user } });
    late.resolve({ status: 401, data: { message: 'Invalid token' } });
    await stale;
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh-token');
  });

  it('is not how a visitor who never signed in, or a check at start, ends', () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    bus.publish('session:expired', { url: '/favourites' });
    expect(sessionStore.getState().status).toBe('unauthenticated');
    sessionStore.setState({ status: 'pending', user: null });
    bus.publish('session:expired', { url: '/auth/check' });
    expect(sessionStore.getState().status).toBe('pending');
  });

  it('signs out cleanly when the token was already revoked', async () => {
    const api = fakeApi(() => ({ status: 401, data: { message: 'Invalid token' } }));
    const seen: string[] = [];
    const unsubscribe = sessionStore.subscribe((state) => seen.push(state.status));
    await sessionStore.getState().signOut();
    unsubscribe();
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/logout']);
    expect(seen).toEqual(['unauthenticated']);
  });
});

describe('signIn and signOut', () => {
  it('keeps the token of a successful sign-in', () => {
    sessionStore.getState().signIn({ token: { accessToken: 'fresh-token', tokenType: 'Bearer' }, user: { data: user } });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh-token');
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user });
  });

  it('revokes the token on the server and signs out even when that call fails', async () => {
    localStorage.setItem(TOKEN_KEY, 'live-token');
    sessionStore.setState({ status: 'authenticated', user });
    const api = fakeApi(() => ({ status: 500, data: { message: 'Server Error' } }));
    await sessionStore.getState().signOut();
    expect(api.requests.map((request) => [request.method, request.url])).toEqual([['post', '/auth/logout']]);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer live-token');
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
