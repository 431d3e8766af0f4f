import type { SiteConfig } from '@linkhunt/contracts/site-config';
import { setSiteConfig } from '@linkhunt/shared-ui/features/config/site-config.ts';
import { TEST_API_URL } from '@linkhunt/shared-ui/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { aFullProduct, aValoration } from '../../../test/fixtures.ts';
import { renderLoaded } from '../../../test/render.tsx';
import { resetState } from '../../../test/state.ts';
import { JSON_LD_REVIEWS, ProductJsonLd, productJsonLd } from './ProductJsonLd.tsx';

const URL = 'https://linkhunt.test/en/product/retro-runner';

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
    const data = productJsonLd(aFullProduct({ rating: { average: 4.26, count: 7 }, valorations: { data: reviews } }), URL);
    const review = data.review as Record<string, unknown>[];
    expect(review).toHaveLength(JSON_LD_REVIEWS);
    expect(review.map((entry) => entry.reviewBody)).toEqual(['Review 1', undefined, 'Review 3', 'Review 4', 'Review 5']);
    expect(review[1]).not.toHaveProperty('reviewBody');
    expect(review.map((entry) => entry.datePublished)).toEqual(['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05']);
    expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 7, bestRating: 5, worstRating: 1 });
    expect(data.category).toBe('Sneakers');
  });

  it('leaves the category out when the product has none', () => {
    setSiteConfig({ apiUrl: TEST_API_URL });
    const data = JSON.parse(JSON.stringify(productJsonLd(aFullProduct({ categories: [] }), URL))) as Record<string, unknown>;
    expect(data).not.toHaveProperty('category');
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
});
