import type { BusEvents } from '@linkhunt/contracts/events';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { deferred, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeRoutes, SERVER_ERROR } from '../../../test/api.ts';
import { renderLoaded, settle } from '../../../test/render.tsx';
import { resetState, signIn, signOut, toasts } from '../../../test/state.ts';
import { FavouriteButton } from './FavouriteButton.tsx';

const FAVOURITE_URL = '/products/1/favourite';
const favouriteState = (favourite: boolean): Reply => ({ data: { results: { data: { product_id: 1, favourite } } } });

function AuthPage() {
  const { state } = useLocation();
  const from = (state as { from?: { pathname?: string } } | null)?.from?.pathname;
  return <p>{`Log in, then back to ${from ?? 'nowhere'}`}</p>;
}

function renderFavourite() {
  return renderLoaded(
    <Routes>
      <Route path="/:lang/product/:slug" element={<FavouriteButton productId={1} />} />
      <Route path="/:lang/auth" element={<AuthPage />} />
    </Routes>,
  );
}

const button = () => screen.getByRole('button', { name: 'Favourite' });
const heard = vi.fn<(payload: BusEvents['favourite:changed']) => void>();
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  unsubscribe = bus.subscribe('favourite:changed', heard);
});
afterEach(() => {
  unsubscribe();
  heard.mockReset();
  resetState();
});

describe('FavouriteButton', () => {
  it('is a link to log in, and back, for a visitor who is not signed in', async () => {
    signOut();
    const api = fakeRoutes({});
    const { user } = await renderFavourite();
    const link = screen.getByRole('link', { name: 'Favourite' });
    expect(link.getAttribute('href')).toBe('/en/auth');
    expect(link.getAttribute('title')).toBe('Log in to keep your favourites');
    expect(screen.queryByRole('button')).toBeNull();
    await settle();
    expect(api.calls()).toEqual([]);

    await user.click(link);
    expect(screen.getByText('Log in, then back to /en/product/retro-runner')).toBeTruthy();
  });

  it('asks whether the signed-in user has the product among their favourites and shows it unpressed', async () => {
    signIn();
    const api = fakeRoutes({ [`GET ${FAVOURITE_URL}`]: favouriteState(false) });
    await renderFavourite();
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(api.calls()).toEqual([`GET ${FAVOURITE_URL}`]);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('stays usable, unpressed, when its state cannot be read; a click then adds it', async () => {
    signIn();
    const api = fakeRoutes({ [`GET ${FAVOURITE_URL}`]: SERVER_ERROR, [`POST ${FAVOURITE_URL}`]: favouriteState(true) });
    const { user } = await renderFavourite();
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));
    expect(button().getAttribute('aria-pressed')).toBe('false');
    await user.click(button());
    expect(button().getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(api.calls()).toContain(`POST ${FAVOURITE_URL}`));
  });

  it('shows a favourite pressed', async () => {
    signIn();
    fakeRoutes({ [`GET ${FAVOURITE_URL}`]: favouriteState(true) });
    await renderFavourite();
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
  });

  it('turns on at once, then tells the API and the other parts of the site', async () => {
    signIn();
    const answer = deferred<Reply>();
    const api = fakeRoutes({ [`GET ${FAVOURITE_URL}`]: favouriteState(false), [`POST ${FAVOURITE_URL}`]: answer.promise });
    const { user } = await renderFavourite();
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));

    await user.click(button());
    expect(button().getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(api.calls()).toEqual([`GET ${FAVOURITE_URL}`, `POST ${FAVOURITE_URL}`]));
    expect(heard).not.toHaveBeenCalled();

    answer.resolve({ data: { message: 'Added' } });
    await waitFor(() => expect(heard).toHaveBeenCalledExactlyOnceWith({ productId: 1, favourite: true }));
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(toasts()).toEqual([]);
  });

  it('turns off with a DELETE', async () => {
    signIn();
    const api = fakeRoutes({ [`GET ${FAVOURITE_URL}`]: favouriteState(true), [`DELETE ${FAVOURITE_URL}`]: { data: { message: 'Removed' } } });
    const { user } = await renderFavourite();
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));

    await user.click(button());
    expect(button().getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(heard).toHaveBeenCalledExactlyOnceWith({ productId: 1, favourite: false }));
    expect(api.calls()).toEqual([`GET ${FAVOURITE_URL}`, `DELETE ${FAVOURITE_URL}`]);
  });

  it('goes back and says so when the API fails', async () => {
    signIn();
    fakeRoutes({ [`GET ${FAVOURITE_URL}`]: favouriteState(false), [`POST ${FAVOURITE_URL}`]: { status: 500, data: null } });
    const { user } = await renderFavourite();
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));

    await user.click(button());
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'Your favourites could not be updated. Try again.' }]));
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(heard).not.toHaveBeenCalled();
  });

  it('shows the API\'s own message when it gives one', async () => {
    signIn();
    fakeRoutes({ [`GET ${FAVOURITE_URL}`]: favouriteState(true), [`DELETE ${FAVOURITE_URL}`]: SERVER_ERROR });
    const { user } = await renderFavourite();
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));

    await user.click(button());
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'Server Error' }]));
    expect(button().getAttribute('aria-pressed')).toBe('true');
  });
});
