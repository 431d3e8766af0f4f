import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, restoreApi } from '../../test/fake-api.ts';
import { anOwnUser } from '../../test/fixtures.ts';
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
