import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { fakeApi, restoreApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { loadShellWords } from '../../test/shell-i18n.ts';
import { UserMenu } from './UserMenu.tsx';

function Where() {
  return <output>{useLocation().pathname}</output>;
}

const trigger = () => screen.getByRole('button', { name: 'Account menu' });
const account = () => screen.getByRole('navigation', { name: 'Account' });
const hrefs = () => within(account()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

beforeAll(loadShellWords);
afterEach(() => {
  restoreApi();
  sessionStore.setState({ status: 'pending', user: null });
});

describe('UserMenu', () => {
  it('offers log in and register when signed out', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    const { user } = await renderWithProviders(<UserMenu />);
    expect(screen.queryByRole('navigation')).toBeNull();
    await user.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(hrefs()).toEqual([
      ['Log in', '/en/auth'],
      ['Register', '/en/auth/register'],
    ]);
  });

  it('shows who is signed in, their points and the account links', async () => {
    sessionStore.setState({ status: 'authenticated', user: anOwnUser({ points: 1600 }) });
    const { user } = await renderWithProviders(<UserMenu />);
    await user.click(trigger());
    const menu = document.getElementById(trigger().getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(menu).getByText('Ana Pérez')).toBeTruthy();
    expect(within(menu).getByText('ana@example.com')).toBeTruthy();
    expect(within(menu).getByText('1.600 points')).toBeTruthy();
    expect(hrefs()).toEqual([
      ['Profile', '/en/auth/profile'],
      ['Favourites', '/en/auth/favs'],
      ['My products', '/en/auth/products'],
      ['Add product', '/en/product/new'],
    ]);
  });

  it.each(['moderator', 'admin'] as const)('adds the moderation console for a %s', async (role) => {
    sessionStore.setState({ status: 'authenticated', user: anOwnUser({ role }) });
    const { user } = await renderWithProviders(<UserMenu />);
    await user.click(trigger());
    expect(hrefs()).toEqual([
      ['Profile', '/en/auth/profile'],
      ['Favourites', '/en/auth/favs'],
      ['My products', '/en/auth/products'],
      ['Add product', '/en/product/new'],
      ['Moderation', '/en/admin/reports'],
    ]);
  });

  it('logs out through the API and goes home', async () => {
    sessionStore.setState({ status: 'authenticated', user: anOwnUser() });
    const api = fakeApi(() => ({ data: {} }));
    const { user } = await renderWithProviders(
      <>
        <UserMenu />
        <Where />
      </>,
      { route: '/en/auth/favs' },
    );
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('/en/index'));
    expect(api.requests.map((request) => request.url)).toEqual(['/auth/logout']);
    expect(sessionStore.getState().status).toBe('unauthenticated');
  });

  it('closes after logging out, even when already on the home page', async () => {
    sessionStore.setState({ status: 'authenticated', user: anOwnUser() });
    fakeApi(() => ({ data: {} }));
    const { user } = await renderWithProviders(<UserMenu />, { route: '/en/index' });
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(sessionStore.getState().status).toBe('unauthenticated'));
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    const { user } = await renderWithProviders(<UserMenu />);
    await user.click(trigger());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('names its menu only while it is open, and gives focus back to its button on Escape', async () => {
    sessionStore.setState({ status: 'unauthenticated', user: null });
    const { user } = await renderWithProviders(<UserMenu />);
    expect(trigger().hasAttribute('aria-controls')).toBe(false);
    await user.click(trigger());
    expect(document.getElementById(trigger().getAttribute('aria-controls') ?? '')).not.toBeNull();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Log in');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(trigger());
    expect(trigger().hasAttribute('aria-controls')).toBe(false);
  });
});
