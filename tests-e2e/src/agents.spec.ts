import { AGENT_NAMES, type BuyingAgent, PREFERRED_AGENT_STORAGE_KEY } from '@linkhunt/contracts/agents';
import type { ProductSummary } from '@linkhunt/contracts/product';
import type { CheckResponse } from '@linkhunt/contracts/with-products';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_API_URL, E2E_SHELL_URL } from './harness/stack.ts';
import { newAccount } from './support/accounts.ts';
import { apiData } from './support/api.ts';
import { expect, test } from './support/test.ts';

/**
 * Visible products with a source item (the demo seed gives about a third of them a CNFans link, which the API
 * keeps as one) whose links the checker has not found gone, so the agent's link is the main one; different for
 * each test.
 */
let nextPick = 0;
async function productsWithAgentLinks(request: APIRequestContext, count: number): Promise<ProductSummary[]> {
  const found: ProductSummary[] = [];
  for (let page = 1; found.length < nextPick + count; page++) {
    const products = await apiData<ProductSummary[]>(request, `/products?page=${page}`);
    if (products.length === 0) throw new Error('the demo seed has too few products with an agent link');
    found.push(...products.filter((product) => product.source_item !== null && product.link_state !== 'gone' && product.link_state !== 'partly_gone'));
  }
  const picked = found.slice(nextPick, nextPick + count);
  nextPick += count;
  return picked;
}

/** The header's "My agent". */
const headerPicker = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'My agent' });

/** Opens the product's get-link dialog, sits through the countdown, and gives the dialog once its links show. */
async function openLinks(page: Page) {
  await page.getByRole('button', { name: 'Get the link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get the store links' });
  await dialog.getByRole('button', { name: 'Watch the ad' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Here are the store links.' })).toBeVisible();
  return dialog;
}

/** The dialog's first link is the agent's, the main one, and it leads to that agent's site. */
async function expectAgentFirst(page: Page, agent: BuyingAgent) {
  const dialog = await openLinks(page);
  const first = dialog.getByRole('link').first();
  await expect(first).toHaveAccessibleName(`Open in ${AGENT_NAMES[agent]}`);
  await expect(first).toHaveAttribute('href', new RegExp(`^https://[^/]*${agent}\\.`));
  await expect(first).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('a visitor picks Kakobuy in the header: the get-link dialog opens Kakobuy first, after a reload and on another product too', async ({ page, request }) => {
  const [first, second] = await productsWithAgentLinks(request, 2);
  if (!first || !second) throw new Error('two products with agent links');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/en/index');
  await headerPicker(page).selectOption('kakobuy');
  expect(await page.evaluate((key) => localStorage.getItem(key), PREFERRED_AGENT_STORAGE_KEY)).toBe('kakobuy');

  // Rendered on the server the same for everyone: the choice is the browser's, applied once hydrated.
  const response = await page.goto(`/en/product/${first.slug}`);
  expect(await response?.text()).not.toContain('kakobuy');
  await expect(headerPicker(page)).toHaveValue('kakobuy');
  await expectAgentFirst(page, 'kakobuy');

  await page.reload();
  await expectAgentFirst(page, 'kakobuy');

  await page.goto(`/en/product/${second.slug}`);
  await expectAgentFirst(page, 'kakobuy');
});

test('a signed-in user’s agent follows them to another browser, over that browser’s own choice', async ({ browser, page, request }) => {
  const [product] = await productsWithAgentLinks(request, 1);
  if (!product) throw new Error('a product with agent links');
  const account = await newAccount(request, 'agent');
  await page.goto('/en/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('linkhunt.token'))).toBeTruthy();
  const saved = page.waitForResponse((response) => response.url().endsWith('/auth/update') && response.request().method() === 'POST');
  await headerPicker(page).selectOption('mulebuy');
  expect((await saved).ok()).toBe(true);
  const check = await request.get(`${E2E_API_URL}/auth/check`, { headers: { authorization: `Bearer ${account.token}` } });
  expect(((await check.json()) as CheckResponse).user.data.preferred_agent).toBe('mulebuy');

  // Another browser, which had chosen an agent of its own before signing in.
  const context = await browser.newContext({
    baseURL: E2E_SHELL_URL,
    storageState: { cookies: [], origins: [{ origin: E2E_SHELL_URL, localStorage: [{ name: 'linkhunt.consent', value: 'denied' }] }] },
  });
  try {
    const other = await context.newPage();
    const hydrated = () => other.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await other.goto('/en/auth');
    await hydrated();
    await headerPicker(other).selectOption('acbuy');
    await other.getByLabel('Email').fill(account.email);
    await other.getByLabel('Password').fill(account.password);
    await other.getByRole('button', { name: 'Log in' }).click();
    await expect(headerPicker(other)).toHaveValue('mulebuy');
    expect(await other.evaluate((key) => localStorage.getItem(key), PREFERRED_AGENT_STORAGE_KEY)).toBe('mulebuy');

    await other.goto(`/en/product/${product.slug}`);
    await hydrated();
    await expectAgentFirst(other, 'mulebuy');
  } finally {
    await context.close();
  }
});
