import type { OwnProduct } from '@linkhunt/contracts/product';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_API_URL } from '../harness/stack.ts';
import { uploadProduct } from './api.ts';
import { expect } from './test.ts';

/** A new account per test, registered through the API (not verified): what one test does never shows in another. */
export async function newAccount(request: APIRequestContext, prefix = 'drafter') {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { username: `${prefix}_${id}`, email: `${prefix}_${id}@example.com`, password: 'a-long-password' };
  const response = await request.post(`${E2E_API_URL}/auth/register`, { data: account });
  expect(response.ok()).toBe(true);
  return { ...account, token: (await response.json()).token.accessToken as string };
}

/**
 * A product no other test sees, uploaded by a new account: reports are one per visitor per product, and every test
 * reports from the same address, so a test that reports a shared product finds it already reported whenever another
 * test reported it first.
 */
export async function productOfItsOwn(request: APIRequestContext, title: string): Promise<OwnProduct> {
  const uploader = await newAccount(request, 'uploader');
  return uploadProduct(request, uploader.token, { title: `${title} ${Date.now().toString(36)}`, description: 'Arrived in two weeks, true to size.' });
}

/** Opens `path` with the browser signed in as the holder of `token`, as if they had logged in earlier. */
export async function openSignedIn(page: Page, token: string, path: string) {
  await page.goto('/en/about');
  await page.evaluate((value) => localStorage.setItem('linkhunt.token', value), token);
  await page.goto(path);
}
