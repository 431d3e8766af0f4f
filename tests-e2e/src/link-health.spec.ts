import type { OwnProduct, Product, ProductSummary } from '@linkhunt/contracts/product';
import type { APIRequestContext } from '@playwright/test';
import { fakeLink } from '../../api/src/test/fake-platforms.ts';
import { E2E_API_URL } from './harness/stack.ts';
import { newAccount, openSignedIn } from './support/accounts.ts';
import { apiData } from './support/api.ts';
import { receivedMail } from './support/mailbox.ts';
import { noisePng } from './support/png.mjs';
import { expect, test } from './support/test.ts';

// The link checker against the run's fake stores (harness/global-setup.ts routes every store host to them; the
// demo catalogue's links answer as product pages there). Confirmation gap in this run: 2 s instead of 6 h.

let poll = 0;
/** The product as the API has it now (a query of its own skips the API's 5-second read cache). */
const productNow = (request: APIRequestContext, slug: string) => apiData<Product>(request, `/products/slug/${slug}?poll=${++poll}`);

test('a product page says when its link was verified, and a card carries the verified mark', async ({ page, request }) => {
  const [first] = await apiData<ProductSummary[]>(request, '/products/recents');
  if (!first) throw new Error('the demo catalogue is empty');
  // The demo catalogue is checked as the API starts; wait for this product's verdict.
  await expect.poll(async () => (await productNow(request, first.slug)).link_state, { timeout: 30_000 }).toBe('ok');

  await page.goto(`/en/product/${first.slug}`);
  await expect(page.getByText(/Link verified (today|\d+ (minutes?|hours?|seconds?) ago|now)/i).first()).toBeVisible();
  await page.goto(`/es/product/${first.slug}`);
  await expect(page.getByText(/Enlace verificado/i).first()).toBeVisible();

  // Its card, among the latest on the home page, marks the link verified within the last 7 days. A verdict is not
  // a request: lists read before it show it once the API's and the shell's caches renew (5 s each), so reload.
  const card = page.getByRole('article').filter({ hasText: first.title }).first();
  await expect(async () => {
    await page.goto('/en');
    await expect(card.getByText('Link verified in the last 7 days')).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card.locator('[data-verified-mark]')).toBeVisible();
});

test('a product whose every link is gone is hidden by the checker, and its uploader reads why', async ({ page, request }) => {
  const owner = await newAccount(request, 'deadlink');
  const title = `Sold out everywhere ${Date.now().toString(36)}`;
  const link = fakeLink('hacoo', 'sold-out', `e2e-${Date.now()}`);
  const created = await request.post(`${E2E_API_URL}/products`, {
    headers: { authorization: `Bearer ${owner.token}` },
    multipart: {
      title,
      description: 'The listing sold out the week after I bought it.',
      link_hacoo: link,
      // Footwear, which no suite counts (support/api.ts uploadProduct).
      'categories[]': 'calzado',
      image: { name: 'bag.png', mimeType: 'image/png', buffer: noisePng(200, 200) },
    },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()).results.data as OwnProduct;

  // Two sold-out checks, 2 s apart in this run, hide it.
  await expect.poll(async () => (await productNow(request, product.slug)).hidden, { timeout: 30_000 }).toBe(1);
  await receivedMail(owner.email, /no longer works|ya no funciona/);

  await openSignedIn(page, owner.token, '/en/auth/products');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(/link no longer works/i).first()).toBeVisible();
  // Nothing to appeal: editing the links brings it back.
  await expect(page.getByRole('button', { name: `Appeal the decision about ${title}` })).toHaveCount(0);
});
