import { expect, test } from './support/test.ts';
import { DEMO_USER } from './support/demo.ts';

test('a protected page sends a visitor to log in, then back to where they were', async ({ page }) => {
  await page.goto('/es/about');
  await page.goto('/es/auth/favs');
  await expect(page).toHaveURL(/\/es\/auth$/);
  // History was replaced: back returns to the page before the protected one, not to a redirect loop.
  await page.goBack();
  await expect(page).toHaveURL(/\/es\/about$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/es\/auth$/);

  await page.getByLabel('Correo electrónico').fill(DEMO_USER.email);
  await page.getByLabel('Contraseña').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/es\/auth\/favs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Favoritos' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('linkhunt.token'))).toBeTruthy();

  await page.getByTestId('user-menu').click();
  await expect(page.getByText(DEMO_USER.email)).toBeVisible();
  await expect(page.getByText(DEMO_USER.name)).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/es\/index$/);
  expect(await page.evaluate(() => localStorage.getItem('linkhunt.token'))).toBeNull();
  await page.getByTestId('user-menu').click();
  // In the menu: the home page's promotion has a sign-in link of its own.
  await expect(page.getByRole('navigation', { name: 'Cuenta' }).getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
});

test('a stored token that the API refuses is cleared and the visitor is signed out', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('linkhunt.token', 'forged-token'));
  await page.goto('/es/auth/settings');
  await expect(page).toHaveURL(/\/es\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('linkhunt.token'))).toBeNull();
});

test('a wrong password shows the API message in a toast and keeps what was typed', async ({ page }) => {
  await page.goto('/en/auth');
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_USER.email);
});
