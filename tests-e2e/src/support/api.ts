import type { APIRequestContext } from '@playwright/test';
import { E2E_API_URL } from '../harness/stack.ts';

/** Logs in through the API and gives the bearer token. */
export async function apiToken(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const response = await request.post(`${E2E_API_URL}/auth/login`, { data: { email: user.email, password: user.password } });
  if (!response.ok()) throw new Error(`login of ${user.email} failed: ${response.status()}`);
  return (await response.json()).token.accessToken as string;
}

/** GET an API read and return its `results.data`. */
export async function apiData<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const response = await request.get(`${E2E_API_URL}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}`);
  return (await response.json()).results.data as T;
}

/** What an admin's hide carries: a statement of reasons the uploader reads. */
export const HIDE_STATEMENT = 'Hidden by the end-to-end suite: its store links were taken down.';

/** Hides a product as a moderator does (POST /admin/products/{id}/hide with a statement of reasons); the answer. */
export function hideProduct(request: APIRequestContext, id: number, token: string) {
  // Unavailable, not removed: said outright, since another suite may have left an illegal notice open on it.
  return request.post(`${E2E_API_URL}/admin/products/${id}/hide`, { headers: { authorization: `Bearer ${token}` }, data: { statement: HIDE_STATEMENT, illegal: false } });
}
