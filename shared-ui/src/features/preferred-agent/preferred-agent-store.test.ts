import { PREFERRED_AGENT_STORAGE_KEY } from '@linkhunt/contracts/agents';
import type { OwnUser } from '@linkhunt/contracts/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiRequest } from '../api/api-client.ts';
import { deferred, fakeApi, type Reply, restoreApi } from '../../test/fake-api.ts';
import { anOwnUser } from '../../test/fixtures.ts';
import { setSiteConfig } from '../config/site-config.ts';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { registerUiLocales } from '../../locales/register-ui-locales.ts';
import { sessionStore } from '../session/session-store.ts';
import { toastStore } from '../toasts/toast-store.ts';
import { choosePreferredAgent, preferredAgentStore } from './preferred-agent-store.ts';

const agent = () => preferredAgentStore().getState().value;
const stored = () => localStorage.getItem(PREFERRED_AGENT_STORAGE_KEY);
const sentAgent = (request: ApiRequest | undefined) => (request?.data instanceof FormData ? request.data.get('preferred_agent') : undefined);
const toasts = () => toastStore.getState().toasts.map(({ kind, message }) => ({ kind, message }));
/** POST /auth/update as the API answers it: the account's record with the agent it now holds. */
const profileAnswer = (request: ApiRequest, user: Partial<OwnUser> = {}): Reply => {
  const value = sentAgent(request);
  return { data: { user: { data: anOwnUser({ ...user, preferred_agent: value ? (value as OwnUser['preferred_agent']) : null }) } } };
};
const signIn = (user: OwnUser) => sessionStore.setState({ status: 'authenticated', user });
/** Lets the fake API's answers settle (it uses no timers). */
const settle = () => new Promise<void>((done) => setTimeout(done, 0));

beforeEach(async () => {
  setSiteConfig({ apiUrl: 'http://api.test' });
  registerUiLocales();
  await initI18n('en');
  await i18n.loadNamespaces('ui');
  sessionStore.setState({ status: 'unauthenticated', user: null });
  preferredAgentStore().setState({ value: null });
});
afterEach(() => {
  restoreApi();
  localStorage.clear();
  sessionStore.setState({ status: 'pending', user: null });
  toastStore.setState({ toasts: [] });
});

describe('a visitor who is not signed in', () => {
  it('keeps the choice in the browser only', async () => {
    const api = fakeApi(() => ({ data: {} }));
    await choosePreferredAgent('kakobuy');
    expect(agent()).toBe('kakobuy');
    expect(stored()).toBe('kakobuy');
    await choosePreferredAgent(null);
    expect(agent()).toBeNull();
    expect(stored()).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('follows a choice made in another tab, and ignores a value that names no agent', () => {
    localStorage.setItem(PREFERRED_AGENT_STORAGE_KEY, 'mulebuy');
    window.dispatchEvent(new StorageEvent('storage', { key: PREFERRED_AGENT_STORAGE_KEY }));
    expect(agent()).toBe('mulebuy');
    localStorage.setItem(PREFERRED_AGENT_STORAGE_KEY, 'not-an-agent');
    window.dispatchEvent(new StorageEvent('storage', { key: PREFERRED_AGENT_STORAGE_KEY }));
    expect(agent()).toBeNull();
  });
});

describe('a signed-in user', () => {
  beforeEach(() => signIn(anOwnUser({ preferred_agent: null })));

  it('saves the choice to the account (POST /auth/update, multipart) and the session holds the saved record', async () => {
    const api = fakeApi((request) => profileAnswer(request));
    await choosePreferredAgent('acbuy');
    expect(api.requests.map((request) => [request.method, request.url, sentAgent(request)])).toEqual([['post', '/auth/update', 'acbuy']]);
    expect(sessionStore.getState().user?.preferred_agent).toBe('acbuy');
    expect([agent(), stored()]).toEqual(['acbuy', 'acbuy']);

    // None clears it: the field is sent empty.
    await choosePreferredAgent(null);
    expect(sentAgent(api.requests[1])).toBe('');
    expect(sessionStore.getState().user?.preferred_agent).toBeNull();
    expect([agent(), stored()]).toEqual([null, null]);
  });

  it('keeps the browser’s choice when the account cannot be saved, and says so', async () => {
    fakeApi(() => ({ status: 422, data: { message: 'This agent is not offered here.', errors: { preferred_agent: ['This agent is not offered here.'] } } }));
    await choosePreferredAgent('basetao');
    expect([agent(), stored()]).toEqual(['basetao', 'basetao']);
    expect(toasts()).toEqual([{ kind: 'error', message: 'This agent is not offered here.' }]);

    fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
    await choosePreferredAgent('hoobuy');
    expect(toasts().at(-1)).toEqual({
      kind: 'error',
      message: 'Your agent is kept in this browser, but it could not be saved to your account. Try again later.',
    });
    expect(agent()).toBe('hoobuy');
  });

  it('says nothing of its own when the session was refused: the shell asks to sign in again', async () => {
    fakeApi(() => ({ status: 401, data: { message: 'Invalid token' } }));
    await choosePreferredAgent('kakobuy');
    expect(toasts()).toEqual([]);
    expect(sessionStore.getState().status).toBe('expired');
    expect(agent()).toBe('kakobuy');
  });

  it('ends on the last of two quick choices, whichever answer comes last', async () => {
    const first = deferred<Reply>();
    const requests: ApiRequest[] = [];
    fakeApi((request) => {
      requests.push(request);
      return requests.length === 1 ? first.promise : profileAnswer(request);
    });
    const slow = choosePreferredAgent('kakobuy');
    await choosePreferredAgent('mulebuy');
    first.resolve(profileAnswer(requests[0] as ApiRequest));
    await slow;
    expect(sessionStore.getState().user?.preferred_agent).toBe('mulebuy');
    expect([agent(), stored()]).toEqual(['mulebuy', 'mulebuy']);
  });

  it('follows the account when another page changes it (the settings)', () => {
    localStorage.setItem(PREFERRED_AGENT_STORAGE_KEY, 'kakobuy');
    preferredAgentStore().setState({ value: 'kakobuy' });
    sessionStore.setState({ user: anOwnUser({ preferred_agent: 'superbuy' }) });
    expect([agent(), stored()]).toEqual(['superbuy', 'superbuy']);
    sessionStore.setState({ user: anOwnUser({ preferred_agent: null, points: 1700 }) });
    expect([agent(), stored()]).toEqual([null, null]);
  });
});

describe('signing in', () => {
  it('takes the account’s choice over the browser’s, and writes it to the browser', async () => {
    const api = fakeApi(() => ({ data: {} }));
    await choosePreferredAgent('kakobuy');
    signIn(anOwnUser({ preferred_agent: 'cnfans' }));
    expect([agent(), stored()]).toEqual(['cnfans', 'cnfans']);
    await settle();
    expect(api.requests).toEqual([]);
  });

  it('gives an account without a choice the browser’s', async () => {
    const api = fakeApi((request) => profileAnswer(request));
    await choosePreferredAgent('kakobuy');
    sessionStore.getState().signIn({ token: { accessToken: 'fresh-token', tokenType: 'Bearer' }, user: { data: anOwnUser({ preferred_agent: null }) } });
    await vi.waitFor(() => expect(sessionStore.getState().user?.preferred_agent).toBe('kakobuy'));
    expect(api.requests.map((request) => [request.url, sentAgent(request), request.headers.get('Authorization')])).toEqual([
      ['/auth/update', 'kakobuy', 'Bearer fresh-token'],
    ]);
    expect(agent()).toBe('kakobuy');
    // Quietly: the visitor did not ask for it, so a failure is not theirs to hear about.
    expect(toasts()).toEqual([]);
  });

  it('asks nothing when neither the account nor the browser has a choice, nor for an API older than the field', async () => {
    const api = fakeApi((request) => profileAnswer(request));
    signIn(anOwnUser({ preferred_agent: null }));
    sessionStore.setState({ status: 'unauthenticated', user: null });
    await choosePreferredAgent('kakobuy');
    const { preferred_agent: _, ...olderRecord } = anOwnUser();
    signIn(olderRecord as OwnUser);
    await settle();
    expect(api.requests).toEqual([]);
    expect(agent()).toBe('kakobuy');
  });

  it('counts signing in as another user as a sign-in too', () => {
    fakeApi(() => ({ data: {} }));
    signIn(anOwnUser({ id: 7, preferred_agent: 'cnfans' }));
    signIn(anOwnUser({ id: 8, preferred_agent: 'oopbuy' }));
    expect(agent()).toBe('oopbuy');
  });
});
