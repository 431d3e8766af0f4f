import { deferred, type Reply, restoreApi, results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { aCategory } from '@linkhunt/shared-ui/test/fixtures.ts';
import { cleanup, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeHomeApi, SERVER_ERROR, skeletons } from '../../../test/home-api.ts';
import { renderLoaded } from '../../../test/render-loaded.tsx';
import { settle } from '@linkhunt/shared-ui/test/settle.ts';
import { FeaturedCategories } from './FeaturedCategories.tsx';

afterEach(() => {
  cleanup();
  restoreApi();
});

async function renderLoading() {
  const answer = deferred<Reply>();
  const api = fakeHomeApi({ '/categories/featured': answer.promise });
  await renderLoaded(<FeaturedCategories />);
  return { answer, api, section: screen.getByRole('region', { name: 'Featured categories' }) };
}

describe('FeaturedCategories', () => {
  it('shows four category placeholders while the categories load', async () => {
    const { answer, section } = await renderLoading();
    expect(skeletons(section, 'category-card')).toBe(4);
    expect(within(section).queryAllByRole('link')).toHaveLength(0);
    answer.resolve(results([aCategory(1)]));
    await within(section).findByRole('article');
  });

  it('shows each category by its translated name, linking to it, with its products linking to theirs', async () => {
    const { answer, api, section } = await renderLoading();
    answer.resolve(
      results([
        aCategory(2, { id: 1, slug: 'vestidos-y-faldas', name: 'Vestidos y Faldas' }),
        aCategory(1, { id: 2, slug: 'gorras', name: 'Gorras' }),
      ]),
    );
    const cards = await within(section).findAllByRole('article');
    const titles = cards.map((card) => within(card).getByRole('heading', { level: 3 }));
    expect(titles.map((title) => [title.textContent, title.querySelector('a')?.getAttribute('href')])).toEqual([
      ['Dresses & Skirts→', '/en/cat/vestidos-y-faldas'],
      ['Gorras→', '/en/cat/gorras'],
    ]);
    const [dresses] = cards;
    expect(dresses && within(dresses).getByRole('link', { name: 'Shirt 1' }).getAttribute('href')).toBe('/en/product/shirt-1');
    expect(dresses && within(dresses).getByRole('link', { name: 'Shirt 2' }).getAttribute('href')).toBe('/en/product/shirt-2');
    expect(skeletons(section, 'category-card')).toBe(0);
    expect(api.requests.map((request) => request.url)).toEqual(['/categories/featured']);
  });

  it('renders nothing when there are no categories to feature', async () => {
    const { answer } = await renderLoading();
    answer.resolve(results([]));
    await waitForElementToBeRemoved(() => screen.queryByRole('heading', { name: 'Featured categories' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('keeps its placeholders, and shows no error, when the categories cannot be loaded', async () => {
    const { answer, api, section } = await renderLoading();
    answer.resolve(SERVER_ERROR);
    await settle();
    expect(api.requests).toHaveLength(1);
    expect(skeletons(section, 'category-card')).toBe(4);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/error|could not/i);
  });
});
