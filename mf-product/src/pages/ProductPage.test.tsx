import type { Product } from '@linkhunt/contracts/product';
import { deferred, results, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fakeRoutes, SERVER_ERROR } from '../test/api.ts';
import { aFullProduct, aValoration, LUIS, meAsAuthor, someLinks } from '../test/fixtures.ts';
import { PRODUCT_ROUTE, renderLoaded } from '../test/render.tsx';
import { resetState, signIn, signOut, toasts } from '../test/state.ts';
import ProductPage from './ProductPage.tsx';

const SLUG_URL = '/products/slug/retro-runner?include=user';

const product = aFullProduct({
  description: 'Comfortable   running\nshoes with a retro sole.',
  categories: [
    { id: 8, slug: 'calzado', name: 'Calzado' },
    { id: 9, slug: 'sneakers', name: 'Sneakers' },
  ],
  colors: ['white', 'navy'],
  downloads: 1600,
  rating: { average: 3, count: 2 },
  valorations: { data: [aValoration({ id: 11, stars: 4, review: 'Great quality for the price', user: LUIS })] },
});

function renderPage(slug = 'retro-runner') {
  return renderLoaded(
    <Routes>
      <Route path="/:lang/product/:slug" element={<ProductPage />} />
    </Routes>,
    { route: `/en/product/${slug}` },
  );
}

/** The value next to a term of the product's facts ("Downloads" → "1.600"). */
function fact(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** The page's JSON-LD of one type: there is exactly one Product and one BreadcrumbList. */
function jsonLd(type = 'Product'): Record<string, unknown> {
  const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>);
  const found = scripts.filter((data) => data['@type'] === type);
  expect(found).toHaveLength(1);
  return found[0] ?? {};
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Retro Runner sneakers' });

afterEach(() => resetState());

describe('ProductPage', () => {
  it('loads the product with its uploader and shows its brand, title, rating, description and facts', async () => {
    const api = fakeRoutes({ [`GET ${SLUG_URL}`]: results(product) });
    await renderPage();

    expect(await heading()).toBeTruthy();
    expect(api.calls()[0]).toBe(`GET ${SLUG_URL}`);
    expect(api.calls().filter((call) => call === `GET ${SLUG_URL}`)).toHaveLength(1);

    expect(screen.getByRole('link', { name: 'Nike' }).getAttribute('href')).toBe('/en/brand/nike');
    expect(screen.getAllByRole('img', { name: 'Rated 3 out of 5 (2 reviews)' })).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Retro Runner sneakers' }).getAttribute('src')).toBe('http://api.test/images/products/retro-runner.webp');

    const description = screen.getByRole('region', { name: 'Description' });
    expect(within(description).getByText(/Comfortable\s+running\s+shoes with a retro sole\./)).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Footwear' }).getAttribute('href')).toBe('/en/cat/calzado');
    expect(screen.getByRole('link', { name: 'Sneakers' }).getAttribute('href')).toBe('/en/cat/sneakers');
    expect(fact('Colours')).toBe('whitenavy');
    expect(screen.getByRole('link', { name: 'Marta Ruiz @marta_finds' }).getAttribute('href')).toBe('/en/user/marta_finds');
    expect(fact('Member since')).toBe('February 1, 2024');
    expect(fact('Downloads')).toBe('1.600');
    expect(fact('Added on')).toBe('May 1, 2024');

    expect(screen.getByRole('button', { name: 'Get the link' })).toBeTruthy();
    expect(screen.queryByText('This product is no longer available: its store links were taken down.')).toBeNull();
  });

  it('names the page "Title | Linkhunt" with a one-line description of at most 160 characters, cut after a word', async () => {
    const long = `${'Soft  leather\n'.repeat(20)}end`;
    fakeRoutes({ [`GET ${SLUG_URL}`]: results({ ...product, description: long }) });
    await renderPage();
    await heading();
    expect(document.title).toBe('Retro Runner sneakers | Linkhunt');
    const meta = document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    expect(meta.length).toBeLessThanOrEqual(160);
    expect(meta).toMatch(/^Soft leather Soft leather( Soft leather)+…$/);
    expect(meta).not.toMatch(/\n|\s{2}/);
    for (const property of ['og:description', 'twitter:description']) {
      const selector = property.startsWith('og:') ? `meta[property="${property}"]` : `meta[name="${property}"]`;
      expect(document.head.querySelector(selector)?.getAttribute('content')).toBe(meta);
    }
  });

  it('describes the product to search engines as JSON-LD: a Product without offers, rated from its reviews', async () => {
    fakeRoutes({ [`GET ${SLUG_URL}`]: results(product) });
    await renderPage();
    await heading();
    const data = jsonLd();
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Retro Runner sneakers',
      url: `https://linkhunt.test${PRODUCT_ROUTE}`,
      image: ['http://api.test/images/products/retro-runner.webp'],
      brand: { '@type': 'Brand', name: 'Nike' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 3, reviewCount: 2, bestRating: 5, worstRating: 1 },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Luis Gómez' },
          datePublished: '2025-03-12',
          reviewRating: { '@type': 'Rating', ratingValue: 4 },
          reviewBody: 'Great quality for the price',
        },
      ],
    });
    expect(data).not.toHaveProperty('offers');
  });

  it('marks a Spanish product\'s title, description, picture and reviews with lang="es" on an English page, and names its categories in English', async () => {
    const spanish = aFullProduct({
      title: 'Chaqueta acolchada negra',
      description: 'Abrigo ligero para el invierno.',
      language: 'es',
      categories: [{ id: 6, slug: 'ropa-de-abrigo', name: 'Ropa de Abrigo' }],
      rating: { average: 5, count: 2 },
      valorations: {
        data: [
          aValoration({ id: 12, review: 'Abriga muchísimo', language: 'es' }),
          aValoration({ id: 13, review: 'Warm and light', language: 'en', user: meAsAuthor() }),
        ],
      },
    });
    fakeRoutes({ [`GET ${SLUG_URL}`]: results(spanish) });
    await renderPage();
    const title = await screen.findByRole('heading', { level: 1, name: 'Chaqueta acolchada negra' });
    expect(title.getAttribute('lang')).toBe('es');
    expect(screen.getByText('Abrigo ligero para el invierno.').getAttribute('lang')).toBe('es');
    expect(screen.getByRole('img', { name: 'Chaqueta acolchada negra' }).getAttribute('lang')).toBe('es');
    expect(screen.getByText('Abriga muchísimo').getAttribute('lang')).toBe('es');
    // Text in the page's own language needs no mark: it inherits the page's.
    expect(screen.getByText('Warm and light').hasAttribute('lang')).toBe(false);
    expect(jsonLd()).toMatchObject({ category: 'Outerwear' });
    expect(jsonLd('BreadcrumbList')).toMatchObject({ itemListElement: [{ position: 1 }, { position: 2, name: 'Outerwear' }, { position: 3, name: 'Chaqueta acolchada negra' }] });

    await act(() => i18n.changeLanguage('es'));
    try {
      await waitFor(() => expect(jsonLd()).toMatchObject({ category: 'Ropa de Abrigo' }));
      expect(screen.getByRole('heading', { level: 1, name: 'Chaqueta acolchada negra' }).hasAttribute('lang')).toBe(false);
      expect(screen.getByText('Abrigo ligero para el invierno.').hasAttribute('lang')).toBe(false);
      expect(screen.getByText('Warm and light').getAttribute('lang')).toBe('en');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('gives no aggregate rating to a product nobody has rated', async () => {
    fakeRoutes({ [`GET ${SLUG_URL}`]: results({ ...product, rating: { average: 0, count: 0 }, valorations: { data: [] } }) });
    await renderPage();
    await heading();
    const data = jsonLd();
    expect(data['@type']).toBe('Product');
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
    expect(data).not.toHaveProperty('offers');
    // The summary and the reviews' head say it in words, not as five grey stars and "0/5 (0)".
    expect(screen.getAllByText('No reviews yet')).toHaveLength(2);
    expect(screen.queryByRole('img', { name: /out of 5/ })).toBeNull();
    expect(document.body.textContent).not.toContain('0/5');
  });

  it('shows an unavailable product with a notice instead of the way to its links', async () => {
    fakeRoutes({ [`GET ${SLUG_URL}`]: results({ ...product, hidden: 1 }) });
    await renderPage();
    await heading();
    expect(screen.getByText('This product is no longer available: its store links were taken down.').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Get the link' })).toBeNull();
    expect(screen.getByText('Unavailable')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Description' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Marta Ruiz @marta_finds' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Reviews' })).toBeTruthy();
  });

  it('says under "Get the link" what the link checker found: when the links were verified, or that they no longer work', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 12, 12, 0));
    fakeRoutes({ [`GET ${SLUG_URL}`]: results({ ...product, link_state: 'ok', links_checked_at: new Date(2025, 2, 10, 9, 0).toISOString() }) });
    const { unmount } = await renderPage();
    await heading();
    const getLink = screen.getByRole('button', { name: 'Get the link' });
    expect(document.getElementById(getLink.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Link verified 2 days ago');
    unmount();
    // Another visit, another answer: not the one cached by the first.
    queryClient().clear();

    fakeRoutes({ [`GET ${SLUG_URL}`]: results({ ...product, link_state: 'gone', links_checked_at: new Date(2025, 2, 12, 9, 0).toISOString() }) });
    await renderPage();
    await heading();
    expect(screen.getByText('Link no longer works')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get the link' })).toBeTruthy();
    expect(screen.queryByText(/Link verified/)).toBeNull();
  });

  it('says nothing of the links of a hidden product beyond its notice', async () => {
    fakeRoutes({ [`GET ${SLUG_URL}`]: results({ ...product, hidden: 1, link_state: 'gone', links_checked_at: '2025-03-12T09:00:00Z' }) });
    await renderPage();
    await heading();
    expect(screen.getByText('This product is no longer available: its store links were taken down.')).toBeTruthy();
    expect(screen.queryByText(/Link no longer works|Link verified/)).toBeNull();
  });

  it('says a missing product does not exist, with the way home', async () => {
    const api = fakeRoutes({});
    await renderPage('gone-shoe');
    expect(await screen.findByRole('heading', { level: 1, name: 'This product does not exist or was removed.' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
    expect(screen.queryByRole('button', { name: 'Get the link' })).toBeNull();
    expect(api.calls()).toEqual(['GET /products/slug/gone-shoe?include=user']);
  });

  it('says a product removed for illegal content was removed, kept out of search engines, with no share card or product data', async () => {
    const api = fakeRoutes({ [`GET ${SLUG_URL}`]: { status: 410, data: { message: 'This product was removed for illegal content.', code: 'product.withdrawn' } } });
    signOut();
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This product was removed for illegal content.' })).toBeTruthy();
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.querySelector('meta[property="og:image"], meta[name="twitter:image"], script[type="application/ld+json"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/index');
    expect(screen.queryByRole('img')).toBeNull();
    expect(api.calls()).toEqual([`GET ${SLUG_URL}`]);
  });

  it('shows its uploader (or a moderator) a removed product in full, with a notice that only they see it and no share card', async () => {
    const removed = { ...product, hidden: 1, withdrawn: true };
    // Asked before the session check ended (as the server renders, as a visitor), the API answers 410; once
    // the session is known, the page asks again with the token.
    let asked = 0;
    const api = fakeRoutes({
      [`GET ${SLUG_URL}`]: () => (asked++ === 0 ? { status: 410, data: { message: 'Removed', code: 'product.withdrawn' } } : results(removed)),
    });
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This product was removed for illegal content.' })).toBeTruthy();
    act(() => signIn());
    expect(await heading()).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Removed for illegal content: only you and the moderators can see this page. Its picture, card and reviews are withdrawn for everyone else.');
    expect(screen.queryByRole('button', { name: 'Get the link' })).toBeNull();
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.querySelector('meta[property="og:image"], script[type="application/ld+json"]')).toBeNull();
    expect(api.calls().filter((call) => call === `GET ${SLUG_URL}`)).toHaveLength(2);
  });

  it('says the page could not be loaded when the server fails, and loads it when the visitor tries again', async () => {
    let failures = 1;
    const api = fakeRoutes({ [`GET ${SLUG_URL}`]: () => (failures-- > 0 ? SERVER_ERROR : results(product)) });
    const { user } = await renderPage();
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading()).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This page could not be loaded' })).toBeNull();
    expect(api.calls().filter((call) => call === `GET ${SLUG_URL}`)).toHaveLength(2);
  });

  it('shows the current download count with the store links, and the new one once a link is opened, without reloading the product', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = fakeRoutes({
      [`GET ${SLUG_URL}`]: results(product),
      // Someone else opened a link meanwhile; showing the links counts nothing.
      'GET /products/1': results(someLinks({ downloads: 1601 })),
      'POST /products/1/downloads': results({ id: 1, downloads: 1602, counted: true }),
    });
    const { user } = await renderPage();
    await heading();
    expect(fact('Downloads')).toBe('1.600');

    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    await user.click(screen.getByRole('button', { name: 'Watch the ad' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const hacoo = await screen.findByRole('link', { name: 'Open on Hacoo' });
    expect(fact('Downloads')).toBe('1.601');
    expect(api.calls()).not.toContain('POST /products/1/downloads');

    await user.click(hacoo);
    await vi.waitFor(() => expect(fact('Downloads')).toBe('1.602'));
    expect(api.calls().filter((call) => call === 'POST /products/1/downloads')).toHaveLength(1);
    expect(api.calls().filter((call) => call === `GET ${SLUG_URL}`)).toHaveLength(1);
  });

  it('puts a new review at the top of the list and updates the rating from the answer, without a reload', async () => {
    signIn();
    const mine = aValoration({ id: 50, stars: 5, review: 'Fits well', created_at: '2025-04-02T09:00:00Z', user: meAsAuthor() });
    const answer = deferred<Reply>();
    const api = fakeRoutes({
      [`GET ${SLUG_URL}`]: results(product),
      'POST /products/1/valorations': answer.promise,
    });
    const { user } = await renderPage();
    await heading();

    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Your review (optional)' }), 'Fits well');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(api.calls()).toContain('POST /products/1/valorations'));
    expect(bodyOf(api.requests.find((request) => request.method === 'post'))).toEqual({ stars: 5, review: 'Fits well' });

    answer.resolve(results({ valoration: mine, rating: { average: 3.67, count: 3 } }));
    expect(await screen.findAllByRole('img', { name: 'Rated 4 out of 5 (3 reviews)' })).toHaveLength(2);
    const list = screen.getByRole('list', { name: 'What the community says' });
    expect(within(list).getAllByRole('listitem').map((item) => within(item).getAllByRole('link')[0]?.textContent)).toEqual([
      'Ana Pérez @ana_hunts',
      'Luis Gómez @luis_g',
    ]);
    expect(within(list).getByText('Fits well')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update review' })).toBeTruthy();
    expect(toasts()).toEqual([{ kind: 'success', message: 'Thanks for your review' }]);
    expect(api.calls().filter((call) => call === `GET ${SLUG_URL}`)).toHaveLength(1);
    expect(jsonLd()).toMatchObject({ aggregateRating: { ratingValue: 3.7, reviewCount: 3 } });
  });

  it('replaces the user\'s earlier review in the list rather than adding a second one', async () => {
    signIn();
    const earlier = aValoration({ id: 30, stars: 2, review: 'Too small', user: meAsAuthor() });
    const withMine: Product = { ...product, valorations: { data: [aValoration({ id: 11, user: LUIS }), earlier] } };
    fakeRoutes({
      [`GET ${SLUG_URL}`]: results(withMine),
      'POST /products/1/valorations': results({ valoration: { ...earlier, stars: 4, review: 'Fine after all' }, rating: { average: 4, count: 2 } }),
    });
    const { user } = await renderPage();
    await heading();

    const text = screen.getByRole('textbox', { name: 'Your review (optional)' });
    await user.clear(text);
    await user.type(text, 'Fine after all');
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('button', { name: 'Update review' }));

    const list = screen.getByRole('list', { name: 'What the community says' });
    expect(await within(list).findByText('Fine after all')).toBeTruthy();
    expect(within(list).queryByText('Too small')).toBeNull();
    expect(within(list).getAllByRole('listitem').map((item) => within(item).getAllByRole('link')[0]?.textContent)).toEqual([
      'Ana Pérez @ana_hunts',
      'Luis Gómez @luis_g',
    ]);
  });

  it('translates the catalogue’s “Various” brand in the brand link, the breadcrumbs and the JSON-LD', async () => {
    const various = { ...product, categories: [], brand: { id: 1, slug: 'various', name: 'Various', image: null } };
    fakeRoutes({ [`GET ${SLUG_URL}`]: results(various) });
    await renderPage();
    await heading();
    expect(screen.getByRole('link', { name: 'Various' }).getAttribute('href')).toBe('/en/brand/various');
    expect(jsonLd('BreadcrumbList')).toMatchObject({ itemListElement: [{ position: 1 }, { position: 2, name: 'Various' }, { position: 3 }] });

    await act(() => i18n.changeLanguage('es'));
    try {
      expect((await screen.findByRole('link', { name: 'Varios' })).getAttribute('href')).toBe('/es/brand/various');
      expect(screen.queryByRole('link', { name: 'Various' })).toBeNull();
      expect(jsonLd('BreadcrumbList')).toMatchObject({ itemListElement: [{ position: 1 }, { position: 2, name: 'Varios' }, { position: 3 }] });
      expect(jsonLd()).toMatchObject({ brand: { '@type': 'Brand', name: 'Varios' } });
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('gives focus back to "Get the link" after the links came and the page re-rendered with the new count', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fakeRoutes({ [`GET ${SLUG_URL}`]: results(product), 'GET /products/1': results(someLinks({ downloads: 1601 })) });
    const { user } = await renderPage();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    await user.click(screen.getByRole('button', { name: 'Watch the ad' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const hacoo = await screen.findByRole('link', { name: 'Open on Hacoo' });
    await waitFor(() => expect(fact('Downloads')).toBe('1.601'));
    await waitFor(() => expect(document.activeElement).toBe(hacoo));

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Get the link' }));
  });
});
