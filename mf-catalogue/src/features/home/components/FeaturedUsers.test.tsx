import { deferred, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aUser } from '@linkhunt/shared-ui/test/fixtures.ts';
import { cleanup, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeHomeApi, SERVER_ERROR, skeletons } from '../../../test/home-api.ts';
import { renderLoaded } from '../../../test/render-loaded.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { FeaturedUsers } from './FeaturedUsers.tsx';

afterEach(() => {
  cleanup();
  restoreApi();
});

async function renderLoading() {
  const answer = deferred<Reply>();
  const api = fakeHomeApi({ '/users/top': answer.promise });
  await renderLoaded(<FeaturedUsers />);
  return { answer, api, carousel: screen.getByRole('region', { name: 'Top hunters' }) };
}

describe('FeaturedUsers', () => {
  it('shows four user placeholders under its title while the users load', async () => {
    const { answer, carousel } = await renderLoading();
    expect(screen.getByRole('heading', { level: 2, name: 'Top hunters' })).toBeTruthy();
    expect(skeletons(carousel, 'user-card')).toBe(4);
    answer.resolve(results([aUser()]));
    await within(carousel).findByRole('article');
  });

  it('shows a card per user, linking to their page', async () => {
    const { answer, api, carousel } = await renderLoading();
    answer.resolve(
      results([aUser({ id: 7, name: 'Ana Pérez', username: 'ana_hunts' }), aUser({ id: 8, name: 'Bruno Díaz', username: 'bruno' })]),
    );
    const cards = await within(carousel).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Ana Pérez', 'Bruno Díaz']);
    expect(cards.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual(['/en/user/ana_hunts', '/en/user/bruno']);
    expect(skeletons(carousel, 'user-card')).toBe(0);
    expect(api.requests.map((request) => request.url)).toEqual(['/users/top']);
  });

  it('renders nothing when there are no users to feature', async () => {
    const { answer } = await renderLoading();
    answer.resolve(results([]));
    await waitForElementToBeRemoved(() => screen.queryByRole('heading', { name: 'Top hunters' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('keeps its placeholders, and shows no error, when the users cannot be loaded', async () => {
    const { answer, api, carousel } = await renderLoading();
    answer.resolve(SERVER_ERROR);
    await settle();
    expect(api.requests).toHaveLength(1);
    expect(skeletons(carousel, 'user-card')).toBe(4);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/error|could not/i);
  });
});
