import type { Product } from '@linkhunt/contracts/product';
import { MINOR_PER_MAJOR } from '@linkhunt/contracts/prices';
import type { ItemAvailability, Offer, Product as SchemaProduct, WithContext } from 'schema-dts';
import { useCategoryName } from '@linkhunt/shared-ui/components/category-card/category-name.ts';
import { useBrandName } from '@linkhunt/shared-ui/features/brands/brand-name.ts';
import { siteOrigin, imageUrl } from '@linkhunt/shared-ui/features/config/site-config.ts';

/** Reviews carried in the snippet: a handful is what search engines read. */
export const JSON_LD_REVIEWS = 5;

/** How the page's language names the catalogue's own words: categories, and the brand "Various". */
export interface PageNames {
  category: (name: string) => string;
  brand: (brand: Product['brand']) => string;
}

/**
 * What the link checker's verdict says of the item's availability on its store; unknown until it has judged. A
 * product hidden as unavailable is out of stock whatever its links say.
 */
function availabilityOf(product: Product): ItemAvailability | undefined {
  if (product.hidden === 1 || product.link_state === 'gone') return 'https://schema.org/OutOfStock';
  if (product.link_state === 'ok' || product.link_state === 'partly_gone') return 'https://schema.org/InStock';
  return undefined;
}

/** The product's price as an Offer: the amount as entered, never a conversion (search engines convert themselves). */
function offerOf(product: Product, url: string): Offer | undefined {
  if (!product.price) return undefined;
  const availability = availabilityOf(product);
  return {
    '@type': 'Offer',
    price: (product.price.amount_minor / MINOR_PER_MAJOR).toFixed(2),
    priceCurrency: product.price.currency,
    url,
    ...(availability ? { availability } : {}),
  };
}

/**
 * Schema.org Product in its product-snippet form (https://developers.google.com/search/docs/appearance/structured-data/product-snippet),
 * typed by schema-dts: the offers (a product with a price), the rating and the reviews make the snippet. Category and
 * brand are named in the page's language (`names`), as its breadcrumb names them; title, description and reviews
 * are the user's text as written (each review says its language: Review is a CreativeWork, with inLanguage).
 */
export function productJsonLd(product: Product, url: string, names: PageNames): WithContext<SchemaProduct> {
  const offers = offerOf(product, url);
  const data: WithContext<SchemaProduct> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    // Every photo, cover first (an API without galleries gives none: then the cover alone).
    image: product.photos?.length ? product.photos.map((photo) => imageUrl(photo.image)) : [imageUrl(product.image)],
    url,
    brand: { '@type': 'Brand', name: names.brand(product.brand) },
    category: product.categories.map((category) => names.category(category.name)).join(', ') || undefined,
    ...(offers ? { offers } : {}),
  };
  if (product.rating.count > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(product.rating.average * 10) / 10,
      reviewCount: product.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
    // Only the reviews the rating counts (their authors verified their address): the snippet's reviews and its
    // aggregateRating tell one story, and throwaway accounts' reviews reach neither.
    data.review = product.valorations.data.filter((valoration) => valoration.counted).slice(0, JSON_LD_REVIEWS).map((valoration) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: valoration.user.name },
      datePublished: valoration.created_at.slice(0, 10),
      inLanguage: valoration.language,
      reviewRating: { '@type': 'Rating', ratingValue: valoration.stars, bestRating: 5, worstRating: 1 },
      ...(valoration.review ? { reviewBody: valoration.review } : {}),
    }));
  }
  return data;
}

export function ProductJsonLd({ product, path }: { product: Product; path: string }) {
  const origin = siteOrigin();
  const names: PageNames = { category: useCategoryName(), brand: useBrandName() };
  // "<" escaped, so no text of a product can close the script element.
  const json = JSON.stringify(productJsonLd(product, origin + path, names)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
