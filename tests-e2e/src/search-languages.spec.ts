import type { ListingResponse } from '@linkhunt/contracts/listing';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { E2E_API_URL } from './harness/stack.ts';

type Listing = ListingResponse['results'];

async function listing(request: APIRequestContext, query: string): Promise<Listing> {
  const response = await request.get(`${E2E_API_URL}/products${query}`);
  expect(response.status(), query).toBe(200);
  return ((await response.json()) as ListingResponse).results;
}

const cardTitles = (page: Page) => page.locator('main').getByRole('article').getByRole('heading', { level: 3 });

test.describe('search in the visitor\'s language', () => {
  test('an /en visitor searching "black sneakers" sees black sneakers first, what was understood, and can search the literal words', async ({ page, request }) => {
    // The demo catalogue is Spanish: its black sneakers are "Zapatillas … en negro", filed under Sneakers.
    const blackSneakers = await listing(request, '?category=sneakers&color=black&per_page=48');
    const wanted = new Set(blackSneakers.data.map((p) => p.title));
    expect(wanted.size).toBeGreaterThan(0);

    const html = await (await request.get('/en/search?q=black+sneakers')).text();
    expect(html, 'rendered on the server').toContain('Understood as: Sneakers · black.');

    await page.goto('/en/search?q=black+sneakers');
    await expect(page.getByText('Understood as: Sneakers · black.')).toBeVisible();
    await expect(cardTitles(page).first()).toBeVisible();
    const first = (await cardTitles(page).allTextContents()).slice(0, Math.min(4, wanted.size));
    for (const title of first) expect(wanted.has(title), `${title} is a black sneaker`).toBe(true);

    await page.getByRole('link', { name: 'Search for “black sneakers” as typed' }).click();
    await expect(page).toHaveURL(/\/en\/search\?q=black\+sneakers&literal=true$/);
    await expect(page.getByText(/Understood as/)).toHaveCount(0);
    const literal = await listing(request, '?q=black+sneakers&literal=true');
    expect(literal.meta.understood).toBeNull();
    if (literal.data.length === 0) await expect(page.getByText('No results found')).toBeVisible();
    else await expect(cardTitles(page).first()).toHaveText(literal.data[0]?.title ?? '');
  });

  test('a /de visitor gets suggestions named in German', async ({ page }) => {
    await page.goto('/de/index');
    const box = page.getByRole('combobox').first();
    await expect(box).toBeEditable();
    await box.pressSequentially('schw', { delay: 30 });
    await expect(page.getByRole('option', { name: /schwarz/ }).first()).toBeVisible();
  });
});
