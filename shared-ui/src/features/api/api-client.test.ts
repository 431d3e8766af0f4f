import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, restoreApi, results } from '../../test/fake-api.ts';
import { setSiteConfig } from '../config/site-config.ts';
import { TOKEN_KEY } from '../session/token-storage.ts';
import { apiClient, getResults } from './api-client.ts';

afterEach(() => {
  restoreApi();
  localStorage.clear();
});

describe('apiClient', () => {
  it('reads the base URL from the site configuration at request time', async () => {
    const api = fakeApi(() => ({ data: {} }));
    setSiteConfig({ apiUrl: 'http://first.test' });
    await apiClient.get('/brands');
    setSiteConfig({ apiUrl: 'http://second.test' });
    await apiClient.get('/brands');
    expect(api.requests.map((request) => request.baseURL)).toEqual(['http://first.test', 'http://second.test']);
  });

  it('sends the bearer token only when one is stored', async () => {
    const api = fakeApi(() => ({ data: {} }));
    setSiteConfig({ apiUrl: 'http://api.test' });
    await apiClient.get('/products/featured');
    localStorage.setItem(TOKEN_KEY, 'abc123');
    await apiClient.get('/auth/check');
    const [anonymous, signedIn] = api.requests;
    expect(anonymous?.headers.has('Authorization')).toBe(false);
    expect(signedIn?.headers.get('Authorization')).toBe('Bearer abc123');
  });
});

describe('getResults', () => {
  it('unwraps results.data of the answer', async () => {
    const api = fakeApi(() => results([{ id: 1 }, { id: 2 }]));
    setSiteConfig({ apiUrl: 'http://api.test' });
    await expect(getResults('/brands')).resolves.toEqual([{ id: 1 }, { id: 2 }]);
    expect(api.requests[0]?.url).toBe('/brands');
  });
});
