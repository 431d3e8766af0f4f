import type { OwnProduct } from '@linkhunt/contracts/product';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_API_URL } from './harness/stack.ts';
import { newAccount, openSignedIn } from './support/accounts.ts';
import { applyScheme, expectNoAxeViolations, expectNoSidewaysScroll, SCHEMES, settle } from './support/accessibility.ts';
import { apiData } from './support/api.ts';
import { noisePng } from './support/png.mjs';
import { expect, test } from './support/test.ts';
import { photoPicker, photoPreview } from './support/product-form.ts';

/**
 * Issue 27 for uploaders and searchers: the agent field takes a link of any agent or marketplace and says what it
 * understood; an item already listed shows that product instead of a second copy; and a link pasted into the
 * search finds the product listing its item, whichever agent the link is of.
 */

// Each test also has axe read its page twice (light and dark): on this two-core machine that is most of a minute.
test.describe.configure({ timeout: 90_000 });

const AGENT_FIELD = 'Agent or marketplace link (optional)';
const PHOTO = { name: 'item.png', mimeType: 'image/png', buffer: noisePng(200, 200) };

/** A Weidian item id of this run's own, so no other test's or the seed's product lists it. */
const freshItemId = () => String(8_000_000_000 + Math.floor(Math.random() * 999_999_999));
const weidianLink = (id: string) => `https://weidian.com/item.html?itemID=${id}`;
const freshHacooId = () => Date.now() * 1000 + Math.floor(Math.random() * 1000);

/** Uploads through the API a product whose agent link is `agentLink`, and gives it as "My products" lists it. */
async function uploadWithAgentLink(request: APIRequestContext, token: string, title: string, agentLink: string): Promise<OwnProduct> {
  const created = await request.post(`${E2E_API_URL}/products`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title,
      description: 'Listed by the agent upload suite.',
      link_hacoo: `https://www.hacoo.com/product/${freshHacooId()}`,
      link_cnfans: agentLink,
      // Footwear, which no other suite counts: catalogue.spec and back-restores-list.spec count the accessories.
      'categories[]': 'calzado',
      image: PHOTO,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const own = await apiData<OwnProduct[]>(request, '/auth/products?per_page=50', token);
  const found = own.find((product) => product.title === title);
  if (!found) throw new Error(`${title} is not among the uploader's products`);
  return found;
}

/** axe over the page as it stands, in both schemes, and no sideways scroll on a 320 px phone (the state stays as it is). */
async function expectAccessible(page: Page, where: string) {
  await settle(page);
  for (const scheme of SCHEMES) {
    await applyScheme(page, scheme);
    await expectNoAxeViolations(page, `${where}, ${scheme}`, scheme);
  }
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page, `${where} at 320 px`);
  if (size) await page.setViewportSize(size);
}

/** Pastes `text` into `field` as a person does: through the clipboard, with the keyboard. */
async function paste(page: Page, field: Locator, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.click();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(text);
}

test('an uploader pastes a Weidian link into the agent field and sees what it understood', async ({ page, request }) => {
  const { token } = await newAccount(request, 'agentpaste');
  const understood: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url() === `${E2E_API_URL}/agent-links/understand`) understood.push(sent.postData() ?? '');
  });
  await openSignedIn(page, token, '/en/product/new');
  const field = page.getByLabel(AGENT_FIELD);
  await expect(field).toBeEditable();
  await paste(page, field, 'https://weidian.com/item.html?itemID=7233464590');

  const status = page.getByRole('status').filter({ hasText: /7233464590/ });
  await expect(status).toContainText('Weidian');
  const marketplace = status.getByRole('link', { name: 'See it on Weidian (opens in a new tab)' });
  await expect(marketplace).toHaveAttribute('href', /^https:\/\/(www\.)?weidian\.com\/item\.html\?itemID=7233464590$/);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/7233464590/);
  // Asked once, for the link pasted.
  expect(understood.map((body) => JSON.parse(body) as unknown)).toEqual([{ url: 'https://weidian.com/item.html?itemID=7233464590' }]);
  await expectAccessible(page, 'the upload form with an understood agent link');

  // A link the API cannot use is the field's error, and what was typed stays.
  await field.fill('');
  await paste(page, field, 'https://example.com/item.html?itemID=1');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveValue('https://example.com/item.html?itemID=1');
  await expect(page.getByRole('status').filter({ hasText: /7233464590/ })).toHaveCount(0);
});

test('uploading an item already listed shows the product listed, which opens, and keeps the form', async ({ page, request }) => {
  const first = await newAccount(request, 'agentfirst');
  const item = freshItemId();
  const listed = await uploadWithAgentLink(request, first.token, `Bolso tejido ${item}`, weidianLink(item));

  const { token } = await newAccount(request, 'agentsecond');
  await openSignedIn(page, token, '/en/product/new');
  const title = `Second listing ${item}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('The same bag, through another agent.');
  await page.getByLabel('Hacoo link').fill(`https://www.hacoo.com/product/${freshHacooId()}`);
  // The same item, through another agent's link.
  await page.getByLabel(AGENT_FIELD).fill(`https://cnfans.com/product?id=${item}&platform=WEIDIAN`);
  await page.getByLabel('Footwear').check();
  await photoPicker(page).setInputFiles(PHOTO);
  await expect(photoPreview(page, 1)).toBeVisible();
  await page.getByRole('button', { name: 'Upload product' }).click();

  const card = page.getByRole('alert').filter({ hasText: `Already listed by @${first.username}` });
  await expect(card).toBeVisible();
  // The listed product's thumbnail, beside its title (decorative: the title names the link).
  await expect(card.locator('img')).toHaveAttribute('src', /\/products\//);
  const agentField = page.getByLabel(AGENT_FIELD);
  await expect(agentField).toBeFocused();
  await expect(agentField).toHaveAttribute('aria-invalid', 'true');
  // Everything typed and chosen is still there.
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(agentField).toHaveValue(`https://cnfans.com/product?id=${item}&platform=WEIDIAN`);
  await expect(page.getByLabel('Footwear')).toBeChecked();
  await expect(photoPreview(page, 1)).toBeVisible();
  await expectAccessible(page, 'the upload form showing the product already listed');

  await card.getByRole('link', { name: listed.title }).click();
  await expect(page).toHaveURL(new RegExp(`/en/product/${listed.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: listed.title })).toBeVisible();
});

test('a product’s agent link pasted into the search box finds that product, whichever agent it is of', async ({ page, request }) => {
  const { token } = await newAccount(request, 'agentsearch');
  const item = freshItemId();
  const listed = await uploadWithAgentLink(request, token, `Chaqueta acolchada ${item}`, weidianLink(item));

  await page.goto('/en/index');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await expect(box).toBeEditable();
  await paste(page, box, `https://mulebuy.com/product/?shop_type=weidian&id=${item}`);
  const results = page.getByRole('region', { name: "Products with this link's item" });
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option')).toContainText(listed.title);

  // A link past the 100 characters words may have (an agent's wrapping the marketplace's, with a referral code):
  // the whole of it is searched, in the panel and, with Enter, on the search page.
  const kakobuy = `https://www.kakobuy.com/item/details?url=${encodeURIComponent(weidianLink(item))}&affcode=someone`;
  expect(kakobuy.length).toBeGreaterThan(100);
  await box.fill('');
  await paste(page, box, kakobuy);
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option')).toContainText(listed.title);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: "Products with this link's item" })).toBeVisible();
  await expect(page.getByText(kakobuy, { exact: true })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: listed.title })).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expectAccessible(page, 'the search page for a pasted link');
});
