import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { deferred, fakeApi, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import HomePage from './HomePage.tsx';

async function renderHome() {
  await renderWithProviders(<HomePage />, { route: '/en/index' });
  await i18n.loadNamespaces(NAMESPACE);
  await screen.findByRole('heading', { level: 1 });
  return screen.getByRole('region', { name: 'Latest finds' });
}

const skeletonsIn = (element: HTMLElement) => element.querySelectorAll('[data-skeleton="product-card"]').length;
/** Lets every pending promise of the fake API settle (it uses no timers) and React commit what follows. */
const settle = () => act(() => new Promise((done) => setTimeout(done, 0)));

afterEach(() => restoreApi());

describe('HomePage', () => {
  it('opens with the hero and quick links to three categories', async () => {
    fakeApi(() => results([]));
    await renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hunt down the best links');
    const quickLinks = screen.getByRole('navigation', { name: 'Popular categories' });
    expect(within(quickLinks).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Sneakers', '/en/cat/sneakers'],
      ['Accessories', '/en/cat/accesorios'],
      ['Dresses & skirts', '/en/cat/vestidos-y-faldas'],
    ]);
  });

  it('shows 16 skeletons while the recent products load, then a card per product', async () => {
    const answer = deferred<Reply>();
    const api = fakeApi(() => answer.promise);
    const recents = await renderHome();
    expect(skeletonsIn(recents)).toBe(16);
    expect(within(recents).queryAllByRole('article')).toHaveLength(0);

    answer.resolve(results([aProduct({ id: 1, slug: 'tote', title: 'Tote bag' }), aProduct({ id: 2, slug: 'clutch', title: 'Clutch' })]));
    const cards = await within(recents).findAllByRole('article');
    expect(cards.map((card) => card.querySelector('a')?.getAttribute('href'))).toEqual(['/en/product/tote', '/en/product/clutch']);
    expect(skeletonsIn(recents)).toBe(0);
    expect(api.requests.map((request) => request.url)).toEqual(['/products/recents']);
  });

  it('keeps the skeletons, and shows no error, when the recent products cannot be loaded', async () => {
    const api = fakeApi(() => ({ status: 500, data: { message: 'Server Error' } }));
    const recents = await renderHome();
    await settle();
    expect(api.requests).toHaveLength(1);
    expect(skeletonsIn(recents)).toBe(16);
    expect(within(recents).queryAllByRole('heading')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hunt down the best links');
  });
});
