import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import ProfilePage from './ProfilePage.tsx';

const ana = anOwnUser({ name: 'Ana Pérez', username: 'ana_hunts', points: 1600 });

async function renderProfile() {
  const view = await renderWithProviders(<ProfilePage />, { route: '/en/auth/profile' });
  await i18n.loadNamespaces(NAMESPACE);
  return view;
}

beforeEach(() => sessionStore.setState({ status: 'authenticated', user: ana }));

describe('ProfilePage', () => {
  it('greets the signed-in user with their points in Chilean Spanish grouping', async () => {
    await renderProfile();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ana Pérez');
    expect(screen.getByTestId('profile-points').textContent).toBe('1.600 points');
  });

  it('links to the public page, my products, favourites and settings', async () => {
    await renderProfile();
    const nav = await screen.findByRole('navigation', { name: 'Profile' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My public page', '/en/user/ana_hunts'],
      ['My products', '/en/auth/products'],
      ['Favourites', '/en/auth/favs'],
      ['Settings', '/en/auth/settings'],
    ]);
  });

  it('follows the session when the points change', async () => {
    await renderProfile();
    await screen.findByTestId('profile-points');
    act(() => sessionStore.setState({ user: { ...ana, points: 12345 } }));
    expect(screen.getByTestId('profile-points').textContent).toBe('12.345 points');
  });

  it('shows nothing once the user signs out', async () => {
    const { container } = await renderProfile();
    await screen.findByTestId('profile-points');
    act(() => sessionStore.setState({ status: 'unauthenticated', user: null }));
    expect(container.innerHTML).toBe('');
  });
});
