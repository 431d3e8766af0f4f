import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { fakeApi, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct, aUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import UserPage from './UserPage.tsx';

const ana = aUser({ name: 'Ana Pérez', username: 'ana_hunts', points: 1600 });
const products = [aProduct({ id: 1, slug: 'tote', title: 'Tote bag' }), aProduct({ id: 2, slug: 'clutch', title: 'Clutch' })];

async function renderUser(username: string) {
  await renderWithProviders(
    <Routes>
      <Route path="/:lang/user/:username" element={<UserPage />} />
    </Routes>,
    { route: `/en/user/${username}` },
  );
  await i18n.loadNamespaces(NAMESPACE);
}

afterEach(() => restoreApi());

describe('UserPage', () => {
  it('loads the user with their products and shows the user card and a card per product', async () => {
    const api = fakeApi(() => results({ ...ana, products: { data: products } }));
    await renderUser('ana_hunts');

    const userCard = (await screen.findByRole('heading', { name: 'Ana Pérez' })).closest('article') as HTMLElement;
    expect(within(userCard).getByText('@ana_hunts')).toBeTruthy();
    expect(within(userCard).getByText('1.600')).toBeTruthy();
    expect(within(userCard).getByRole('link').getAttribute('href')).toBe('/en/user/ana_hunts');

    const grid = screen.getByRole('heading', { level: 2, name: 'Products' }).nextElementSibling as HTMLElement;
    expect(within(grid).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/en/product/tote', '/en/product/clutch']);
    expect(api.requests.map((request) => request.url)).toEqual(['/users/username/ana_hunts?include=products']);
  });

  it('sends the username as one encoded path segment', async () => {
    const api = fakeApi(() => results({ ...ana, products: { data: [] } }));
    await renderUser('ana%2Fhunts');
    await screen.findByRole('heading', { name: 'Ana Pérez' });
    expect(api.requests[0]?.url).toBe('/users/username/ana%2Fhunts?include=products');
  });

  it('says the user does not exist when the call fails', async () => {
    fakeApi(() => ({ status: 404, data: { message: 'User not found' } }));
    await renderUser('nobody');
    expect((await screen.findByRole('heading', { name: 'This user does not exist.' })).tagName).toBe('H2');
    expect(screen.queryByRole('article')).toBeNull();
  });
});
