import { categoryNameIn } from '@linkhunt/contracts/category-names';
import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aFullProduct, aValoration } from '../../../test/fixtures.ts';
import { renderLoaded } from '../../../test/render.tsx';
import { resetState } from '../../../test/state.ts';
import { JSON_LD_REVIEWS, type PageNames, ProductJsonLd, productJsonLd } from './ProductJsonLd.tsx';

const URL = 'https://linkhunt.test/en/product/retro-runner';
const ENGLISH: PageNames = { category: (name) => categoryNameIn(name, 'en'), brand: (brand) => (brand.slug === 'various' ? 'Various' : brand.name) };

function scriptText(): string {
  return document.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
}

afterEach(() => resetState());

describe('productJsonLd', () => {
  it('carries at most the first 5 reviews, each with its body only when it has one', () => {
    setSiteConfig({ apiUrl: TEST_API_URL });
    const reviews = Array.from({ length: 7 }, (_, index) =>
      aValoration({ id: index + 1, stars: (index % 5) + 1, review: index === 1 ? null : `Review ${index + 1}`, created_at: `2025-03-0${index + 1}T23:30:00Z` }),
    );
    const data = productJsonLd(aFullProduct({ rating: { average: 4.26, count: 7 }, valorations: { data: reviews } }), URL, ENGLISH);
    const review = data.review as unknown as Record<string, unknown>[];
    expect(review).toHaveLength(JSON_LD_REVIEWS);
    expect(review.map((entry) => entry.reviewBody)).toEqual(['Review 1', undefined, 'Review 3', 'Review 4', 'Review 5']);
    expect(review[1]).not.toHaveProperty('reviewBody');
    expect(review.map((entry) => entry.inLanguage)).toEqual(['en', 'en', 'en', 'en', 'en']);
    expect(review.map((entry) => entry.datePublished)).toEqual(['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05']);
    expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 7, bestRating: 5, worstRating: 1 });
    expect(data.category).toBe('Sneakers');
  });

  it('carries only counted reviews: one by an unverified account is not in the rating, so not in the snippet either', () => {
    setSiteConfig({ apiUrl: TEST_API_URL });
    const reviews = [
      aValoration({ id: 4, stars: 1, review: 'Throwaway one', counted: false }),
      aValoration({ id: 3, stars: 1, review: 'Throwaway two', counted: false }),
      aValoration({ id: 2, stars: 1, review: 'Throwaway three', counted: false }),
      aValoration({ id: 1, stars: 5, review: 'Really good' }),
    ];
    const data = productJsonLd(aFullProduct({ rating: { average: 5, count: 1 }, valorations: { data: reviews } }), URL, ENGLISH);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect((data.review as unknown as Record<string, unknown>[]).map((entry) => entry.reviewBody)).toEqual(['Really good']);
  });

  it('leaves the category out when the product has none', () => {
    setSiteConfig({ apiUrl: TEST_API_URL });
    const data = JSON.parse(JSON.stringify(productJsonLd(aFullProduct({ categories: [] }), URL, ENGLISH))) as Record<string, unknown>;
    expect(data).not.toHaveProperty('category');
  });
});

/**
 * Google's rules for a product snippet's offer (developers.google.com/search/docs/appearance/structured-data/product-snippet):
 * a price of digits with a dot for decimals, an ISO 4217 currency, and an availability from schema.org's list.
 */
function expectValidOffer(offer: unknown): void {
  const { price, priceCurrency, availability, ...rest } = offer as Record<string, unknown>;
  expect(rest).toMatchObject({ '@type': 'Offer' });
  expect(price).toMatch(/^\d+(\.\d+)?$/);
  expect(priceCurrency).toMatch(/^[A-Z]{3}$/);
  if (availability !== undefined) expect(availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock|Discontinued|PreOrder)$/);
}

describe('the images', () => {
  it('lists every photo of the gallery, cover first', () => {
    setSiteConfig({ apiUrl: TEST_API_URL, imageUrl: 'https://img.test/' });
    const photos = [
      { id: 3, image: 'products/cover.webp', thumbnail: 'products/cover-thumb.webp', alt: 'Front', qc: false },
      { id: 9, image: 'products/qc.webp', thumbnail: 'products/qc-thumb.webp', alt: 'Warehouse photo', qc: true },
    ];
    expect(productJsonLd(aFullProduct({ image: 'products/cover.webp', photos }), URL, ENGLISH).image).toEqual(['https://img.test/products/cover.webp', 'https://img.test/products/qc.webp']);
  });
});

describe('the offer', () => {
  it('gives a product with a price an offer of the price as entered, available as its links say', () => {
    setSiteConfig({ apiUrl: TEST_API_URL });
    const working = productJsonLd(aFullProduct({ price: { amount_minor: 8905, currency: 'CNY' }, link_state: 'ok' }), URL, ENGLISH);
    expectValidOffer(working.offers);
    expect(working.offers).toEqual({ '@type': 'Offer', price: '89.05', priceCurrency: 'CNY', url: URL, availability: 'https://schema.org/InStock' });
    const partly = productJsonLd(aFullProduct({ price: { amount_minor: 1200, currency: 'USD' }, link_state: 'partly_gone' }), URL, ENGLISH);
    expect(partly.offers).toMatchObject({ price: '12.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
    const gone = productJsonLd(aFullProduct({ price: { amount_minor: 1200, currency: 'EUR' }, link_state: 'gone' }), URL, ENGLISH);
    expect(gone.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    const hidden = productJsonLd(aFullProduct({ price: { amount_minor: 1200, currency: 'EUR' }, link_state: 'ok', hidden: 1 }), URL, ENGLISH);
    expect(hidden.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  it('says nothing of availability before the links were checked, and gives no offer without a price', () => {
    setSiteConfig({ apiUrl: TEST_API_URL });
    const unchecked = productJsonLd(aFullProduct({ price: { amount_minor: 50, currency: 'GBP' }, link_state: 'unknown' }), URL, ENGLISH);
    expectValidOffer(unchecked.offers);
    expect(unchecked.offers).toEqual({ '@type': 'Offer', price: '0.50', priceCurrency: 'GBP', url: URL });
    expect(productJsonLd(aFullProduct({ price: null }), URL, ENGLISH)).not.toHaveProperty('offers');
  });
});

describe('ProductJsonLd', () => {
  it('writes the address from the configured site and keeps product text from closing the script', async () => {
    const siteConfig: SiteConfig = { apiUrl: TEST_API_URL, siteUrl: 'https://linkhunt.test/' };
    const product = aFullProduct({ title: 'Tee </script><script>alert(1)</script>', description: 'a < b' });
    await renderLoaded(<ProductJsonLd product={product} path="/en/product/retro-runner" />, { siteConfig });
    const text = scriptText();
    expect(text).not.toContain('<');
    expect(document.querySelectorAll('script')).toHaveLength(1);
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(data.name).toBe('Tee </script><script>alert(1)</script>');
    expect(data.description).toBe('a < b');
    expect(data.url).toBe(URL);
  });

  it('falls back to the page\'s own origin without a configured site', async () => {
    await renderLoaded(<ProductJsonLd product={aFullProduct()} path="/en/product/retro-runner" />, { siteConfig: { apiUrl: TEST_API_URL } });
    expect((JSON.parse(scriptText()) as Record<string, unknown>).url).toBe(`${window.location.origin}/en/product/retro-runner`);
  });

  it('names the categories and the brand "Various" in the page\'s language, as its breadcrumb does, in every language', async () => {
    const product = aFullProduct({
      categories: [{ id: 6, slug: 'ropa-de-abrigo', name: 'Ropa de Abrigo' }, { id: 8, slug: 'sneakers', name: 'Sneakers' }],
      brand: { id: 1, slug: 'various', name: 'Various', image: null },
      rating: { average: 5, count: 1 },
      valorations: { data: [aValoration({ language: 'es', review: 'Abriga muchísimo' })] },
    });
    const expected = {
      en: ['Outerwear, Sneakers', 'Various'],
      es: ['Ropa de Abrigo, Sneakers', 'Varios'],
      de: ['Jacken & Mäntel, Sneaker', 'Diverse'],
      fr: ['Manteaux et vestes, Baskets', 'Divers'],
    } as const;
    for (const [language, [category, brand]] of Object.entries(expected)) {
      const { unmount } = await renderLoaded(<ProductJsonLd product={product} path={`/${language}/product/retro-runner`} />, { route: `/${language}/product/retro-runner` });
      await i18n.changeLanguage(language);
      await waitFor(() => expect((JSON.parse(scriptText()) as Record<string, unknown>).category).toBe(category));
      const data = JSON.parse(scriptText()) as { brand: { name: string }; review: { inLanguage: string }[] };
      expect(data.brand.name, language).toBe(brand);
      expect(data.review[0]?.inLanguage).toBe('es');
      unmount();
    }
  });
});
