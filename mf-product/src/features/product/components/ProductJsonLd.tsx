import type { Product } from '@linkhunt/contracts/product';
import { siteOrigin, imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';

/** Reviews carried in the snippet: a handful is what search engines read. */
export const JSON_LD_REVIEWS = 5;

/**
 * Schema.org Product in its product-snippet form (https://developers.google.com/search/docs/appearance/structured-data/product-snippet):
 * the site sells nothing, so there are no offers; the snippet rests on the rating and the reviews.
 */
export function productJsonLd(product: Product, url: string): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    image: [imageUrl(product.image)],
    url,
    brand: { '@type': 'Brand', name: product.brand.name },
    category: product.categories.map((category) => category.name).join(', ') || undefined,
  };
  if (product.rating.count > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(product.rating.average * 10) / 10,
      reviewCount: product.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
    data.review = product.valorations.data.slice(0, JSON_LD_REVIEWS).map((valoration) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: valoration.user.name },
      datePublished: valoration.created_at.slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: valoration.stars, bestRating: 5, worstRating: 1 },
      ...(valoration.review ? { reviewBody: valoration.review } : {}),
    }));
  }
  return data;
}

export function ProductJsonLd({ product, path }: { product: Product; path: string }) {
  const origin = siteOrigin();
  // "<" escaped, so no text of a product can close the script element.
  const json = JSON.stringify(productJsonLd(product, origin + path)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
