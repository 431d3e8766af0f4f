import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { pagesKey } from '@linkhunt/shared-ui/features/query/use-api-pages.ts';
import { seedPages } from '@linkhunt/shared-ui/test/seed-cache.ts';
import { deferred, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
/** The user's favourites list (mf-account), as a visit to it left it in the cache. */
const FAVOURITES = '/auth/favs';
/** Whether the favourites list was marked stale, so that it shows the change when next seen. */
const listStale = () => queryClient().getQueryState(pagesKey(FAVOURITES))?.isInvalidated === true;

beforeEach(() => seedPages(FAVOURITES, { data: { results: { data: [] } } }));
afterEach(resetState);

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
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(api.calls()).toContain(`POST ${FAVOURITE_URL}`));
  });

  it('shows a favourite pressed', async () => {
    signIn();
    fakeRoutes({ [`GET ${FAVOURITE_URL}`]: favouriteState(true) });
    await renderFavourite();
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
  });

  it('turns on at once, then tells the API, and the favourites list shows it when next seen', async () => {
    signIn();
    const answer = deferred<Reply>();
    const api = fakeRoutes({ [`GET ${FAVOURITE_URL}`]: favouriteState(false), [`POST ${FAVOURITE_URL}`]: answer.promise });
    const { user } = await renderFavourite();
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));

    await user.click(button());
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(api.calls()).toEqual([`GET ${FAVOURITE_URL}`, `POST ${FAVOURITE_URL}`]));
    expect(listStale()).toBe(false);

    answer.resolve({ data: { message: 'Added' } });
    await waitFor(() => expect(listStale()).toBe(true));
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(toasts()).toEqual([]);
  });

  it('turns off with a DELETE', async () => {
    signIn();
    const api = fakeRoutes({ [`GET ${FAVOURITE_URL}`]: favouriteState(true), [`DELETE ${FAVOURITE_URL}`]: { data: { message: 'Removed' } } });
    const { user } = await renderFavourite();
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));

    await user.click(button());
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(listStale()).toBe(true));
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
    expect(listStale()).toBe(false);
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
