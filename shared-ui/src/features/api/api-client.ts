import axios, { type AxiosRequestConfig } from 'axios';
import { getSiteConfig } from '../config/site-config.ts';
import { globalSingleton } from '../runtime/global-singleton.ts';
import { readToken } from '../session/token-storage.ts';

/** The one HTTP client of the site: the API's base URL from the runtime configuration, the bearer token when there is one. */
export const apiClient = globalSingleton('api-client', () => {
  const client = axios.create({ timeout: 15_000 });
  client.interceptors.request.use((request) => {
    request.baseURL = getSiteConfig().apiUrl;
    const token = readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });
  return client;
});

/** GET an endpoint that answers `{ results: { data } }` (spec section 3) and return the data. */
export async function getResults<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const response = await apiClient.get<{ results: { data: T } }>(url, config);
  return response.data.results.data;
}
