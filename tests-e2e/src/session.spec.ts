import { expect, test } from './support/test.ts';
import { DEMO_USER, E2E_ADMIN } from './support/demo.ts';

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

test('a /de visitor reads the API’s refusals in German: a failed sign-in and a taken username or email', async ({ page }) => {
  await page.goto('/de/auth');
  await page.getByLabel('E-Mail').fill(DEMO_USER.email);
  await page.getByLabel('Passwort').fill('not-the-password');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Diese Zugangsdaten stimmen nicht mit unseren Daten überein.' })).toBeVisible();

  await page.goto('/de/auth/register');
  await page.getByLabel('Benutzername').fill(E2E_ADMIN.username);
  await page.getByLabel('E-Mail').fill(`fresh_${Date.now().toString(36)}@example.com`);
  await page.getByLabel('Passwort').fill('a-long-password');
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Der Benutzername ist bereits vergeben.' })).toBeVisible();

  await page.getByLabel('Benutzername').fill(`fresh_${Date.now().toString(36)}`);
  await page.getByLabel('E-Mail').fill(DEMO_USER.email);
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Die E-Mail-Adresse ist bereits vergeben.' })).toBeVisible();
  await expect(page).toHaveURL(/\/de\/auth\/register$/);
});
