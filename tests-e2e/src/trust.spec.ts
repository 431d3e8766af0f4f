import type { ModeratedUser } from '@linkhunt/contracts/moderation';
import type { ProductSummary } from '@linkhunt/contracts/product';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_API_URL, E2E_SHELL_URL, e2ePort } from './harness/stack.ts';
import { withPreview } from './harness/previews.ts';
import { newAccount, openSignedIn, productOfItsOwn } from './support/accounts.ts';
import { apiData, apiToken, uploadProduct } from './support/api.ts';
import { E2E_ADMIN } from './support/demo.ts';
import { linkTo, receivedMail } from './support/mailbox.ts';
import { expectRestOfSiteWorks } from './support/rest-of-site.ts';
import { serveMissingRemote } from './support/static-remote.ts';
import { expect, test } from './support/test.ts';

// Trust and moderation across remotes: mail through the run's real SMTP server (support/mailbox.ts), the
// moderation console (mf-admin), and what the uploader and the reporter see in mf-account and mf-product.

const STATEMENT = 'The photos are copied from another seller and the link leads to a counterfeit listing.';
const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** A new account the admin made a moderator, signed in in a browser context of its own. */
async function moderatorPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  const moderator = await newAccount(request, 'moderator');
  const admin = await apiToken(request, E2E_ADMIN);
  const [user] = await apiData<ModeratedUser[]>(request, `/admin/users?q=${moderator.username}`, admin);
  if (!user) throw new Error(`${moderator.username} is not listed`);
  const granted = await request.post(`${E2E_API_URL}/admin/users/${user.id}/role`, { ...auth(admin), data: { role: 'moderator' } });
  expect(granted.ok()).toBe(true);
  const page = await (await browser.newContext()).newPage();
  await page.goto('/en/about');
  await page.evaluate(() => localStorage.setItem('linkhunt.consent', 'denied'));
  await openSignedIn(page, moderator.token, '/en/admin/reports');
  return page;
}

test('register, then verify the address through the link in the mail received', async ({ page }) => {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `verify_${id}@example.com`;
  await page.goto('/en/auth/register');
  await page.getByLabel('Username').fill(`verify_${id}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/en\/index$/);

  const mail = await receivedMail(email, /Confirm your email address/);
  await page.goto(linkTo(mail, '/verify-email'));
  await expect(page.getByText('Your address is verified. Thank you!')).toBeVisible();
  // The link works once.
  await page.reload();
  await expect(page.getByText(/already verified|does not work/)).toBeVisible();
});

test('forgot password: the mailed link sets a new one, and the old session is dead', async ({ page, request }) => {
  const account = await newAccount(request, 'forgetful');
  await page.goto('/en/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText(`Check your inbox: if an account uses ${account.email}`)).toBeVisible();

  // Accounts made through the API without a language get their mail in Spanish, the site's default.
  const mail = await receivedMail(account.email, /Restablece tu contraseña/);
  // The link is in the account's language; the token works in any.
  await page.goto(linkTo(mail, '/reset-password').replace(/^\/es\//, '/en/'));
  await page.getByLabel('New password', { exact: true }).fill('another-long-password');
  await page.getByLabel('Repeat the new password').fill('another-long-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Log in with the new one.')).toBeVisible();

  expect((await request.get(`${E2E_API_URL}/auth/check`, auth(account.token))).status()).toBe(401);
  const login = await request.post(`${E2E_API_URL}/auth/login`, { data: { email: account.email, password: 'another-long-password' } });
  expect(login.ok()).toBe(true);
});

test('a visitor reports a product as illegal content and receives the acknowledgement', async ({ page, request }) => {
  const product = await productOfItsOwn(request, 'Noticed boots');
  const email = `notifier_${Date.now().toString(36)}@example.com`;
  await page.goto(`/en/product/${product.slug}`);
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this product' });
  await dialog.getByRole('radio', { name: /Illegal content/ }).check();
  // Sending without what a notice needs names each missing part.
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog.getByText('Enter your email, so we can acknowledge your notice.')).toBeVisible();

  await dialog.getByLabel('Why is it illegal?').fill('This is a counterfeit of a registered trademark sold as the original.');
  await dialog.getByLabel('Your email').fill(email);
  await dialog.getByRole('checkbox', { name: /I confirm in good faith/ }).check();
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Notice received.' })).toBeVisible();
  const mail = await receivedMail(email, /notice of illegal content/);
  expect(mail.text).toContain(product.title);
  // Anyone may type any address: the reporter's own words are never mailed back (issue 25).
  expect(mail.text).not.toContain('counterfeit of a registered trademark');
});

test('a moderator hides a reported product with a statement; the uploader reads it, appeals, and the reversal brings it back', async ({ page, request, browser }) => {
  const uploader = await newAccount(request, 'uploader');
  const title = `Counterfeit-looking bag ${Date.now().toString(36)}`;
  const product = await uploadProduct(request, uploader.token, { title, description: 'Arrived in two weeks, true to size.' });
  const reported = await request.post(`${E2E_API_URL}/products/report`, {
    headers: { origin: E2E_SHELL_URL },
    data: { id: product.id, reason: 'wrong_product', details: 'The photo shows another bag.' },
  });
  expect(reported.status()).toBe(201);

  const moderation = await moderatorPage(browser, request);
  const card = moderation.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('The photo shows another bag.')).toBeVisible();
  await card.getByRole('button', { name: `Hide “${title}”` }).click();
  const hide = moderation.getByRole('dialog', { name: `Hide “${title}”` });
  await hide.getByLabel('Statement of reasons').fill(STATEMENT);
  await hide.getByRole('button', { name: 'Hide product' }).click();
  await expect(moderation.getByText(`“${title}” is hidden and the uploader has been told why.`)).toBeVisible();
  await receivedMail(uploader.email, /.+/);

  await openSignedIn(page, uploader.token, '/en/auth/products');
  await expect(page.getByText(STATEMENT)).toBeVisible();
  await page.getByRole('button', { name: `Appeal the decision about ${title}` }).click();
  const appeal = page.getByRole('dialog', { name: 'Appeal the decision' });
  await appeal.getByLabel('Your appeal').fill('These are my own photos; I bought this bag and the link is the seller I used.');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByText(/Appeal sent/)).toBeVisible();

  // The appeal is back in the queue; reversing it makes the product visible again.
  await moderation.reload();
  const appealed = moderation.getByRole('article').filter({ hasText: title });
  await appealed.getByRole('button', { name: `Reverse the decision on “${title}”` }).click();
  const reverse = moderation.getByRole('dialog', { name: 'Reverse the decision' });
  await reverse.getByLabel('Statement of reasons').fill('The uploader showed the photos are their own; the listing is genuine.');
  await reverse.getByRole('button', { name: 'Reverse decision' }).click();
  await expect(moderation.getByText(`The decision on “${title}” is reversed: the product is visible again.`)).toBeVisible();
  // Visible again, the product has no notice left on "My products".
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(STATEMENT)).toHaveCount(0);

  // Both decisions are in the audit log.
  await moderation.getByRole('link', { name: 'Audit log' }).click();
  const entries = moderation.getByRole('listitem').filter({ hasText: title });
  await expect(entries.filter({ hasText: 'Hid a product' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Reversed a decision on appeal' })).toHaveCount(1);
  await moderation.context().close();
});

test('suspending a user ends their session, hides their products and refuses their sign-in with the reason', async ({ page, request, browser }) => {
  const member = await newAccount(request, 'suspect');
  const title = `Spam listing ${Date.now().toString(36)}`;
  const product = await uploadProduct(request, member.token, { title, description: 'Arrived in two weeks, true to size.' });
  const moderation = await moderatorPage(browser, request);
  await moderation.getByRole('link', { name: 'Users' }).click();
  await moderation.getByLabel('Username, name or e-mail').fill(member.username);
  await moderation.getByRole('search', { name: 'Search users' }).getByRole('button', { name: 'Search' }).click();
  await moderation.getByRole('button', { name: `Suspend @${member.username}` }).click();
  const dialog = moderation.getByRole('dialog', { name: `Suspend @${member.username}` });
  await dialog.getByLabel('Reason for the suspension').fill('Repeated spam listings after two warnings.');
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  await expect(moderation.getByText(`@${member.username} is suspended.`)).toBeVisible();
  await moderation.context().close();

  expect((await request.get(`${E2E_API_URL}/auth/check`, auth(member.token))).status()).toBe(401);
  expect((await request.get(`${E2E_API_URL}/products/slug/${product.slug}`)).ok()).toBe(true);
  const listed = await apiData<ProductSummary[]>(request, `/products?q=${encodeURIComponent(title)}`);
  expect(listed.map((p) => p.id)).not.toContain(product.id);

  await page.goto('/en/auth');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('This account is suspended: Repeated spam listings after two warnings.').first()).toBeVisible();
});

test('with mf-admin down, the console shows its fallback and the rest of the site works', async ({ page, context, request }) => {
  const remote = await serveMissingRemote(e2ePort(5118));
  try {
    await withPreview(
      context,
      { 'mf-admin': { entry: remote.entry } },
      async () => {
        const admin = await apiToken(request, E2E_ADMIN);
        await openSignedIn(page, admin, '/es/admin/reports');
        await expect(page.getByRole('heading', { name: 'Esta parte de la página no se ha podido cargar' })).toBeVisible();
        await expect(page.getByRole('banner')).toBeVisible();
        await expectRestOfSiteWorks(page);
      },
    );
  } finally {
    await remote.close();
  }
});
