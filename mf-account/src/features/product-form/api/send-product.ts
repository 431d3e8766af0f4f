import { type ContentLanguage, DEFAULT_CONTENT_LANGUAGE } from '@linkhunt/contracts/content-language';
import { IDEMPOTENCY_KEY_HEADER } from '@linkhunt/contracts/idempotency';
import type { OwnProduct } from '@linkhunt/contracts/product';
import { type Currency, MINOR_PER_MAJOR, type Price } from '@linkhunt/contracts/prices';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { tidyColours } from '../../../lib/colour-list.ts';
import { type GalleryEntry, galleryForm } from '../hooks/use-gallery.ts';

export interface ProductValues {
  title: string;
  /** A brand slug; empty leaves the product under "Various". */
  brand: string;
  description: string;
  link_hacoo: string;
  link_dhgate: string;
  link_cnfans: string;
  categories: string[];
  /** Each colour once, known ones under their Spanish name (see tidyColours). */
  colors: string[];
  /** The language the title and description are written in (es, en, de, it or fr). */
  language: ContentLanguage;
  /** The price as typed (empty: none); the API reads it. */
  price_amount: string;
  price_currency: Currency;
}

export const EMPTY_PRODUCT: ProductValues = {
  title: '',
  brand: '',
  description: '',
  link_hacoo: '',
  link_dhgate: '',
  link_cnfans: '',
  categories: [],
  colors: [],
  language: DEFAULT_CONTENT_LANGUAGE,
  price_amount: '',
  // Most finds are priced on Chinese marketplaces.
  price_currency: 'CNY',
};

/** A saved price as the form shows it ("89.00"), or the empty form's. */
export function priceValues(price: Price | null): Pick<ProductValues, 'price_amount' | 'price_currency'> {
  if (!price) return { price_amount: '', price_currency: EMPTY_PRODUCT.price_currency };
  return { price_amount: (price.amount_minor / MINOR_PER_MAJOR).toFixed(2), price_currency: price.currency };
}

/**
 * POST /products (new) or /products/update (with the id) as multipart/form-data, with the photos: the new files
 * and the gallery, which orders them among the saved ones (cover first); `onProgress` gets the share of the body
 * sent, from 0 to 1. A new product goes with its upload's `uploadKey` (see useUploadKey), so a retry of an upload
 * the API did receive creates nothing more.
 */
export async function sendProduct(
  values: ProductValues,
  entries: readonly GalleryEntry[],
  editing: number | null,
  onProgress: (sent: number) => void,
  uploadKey: string | null = null,
): Promise<OwnProduct> {
  const form = new FormData();
  if (editing !== null) form.append('id', String(editing));
  form.append('title', values.title.trim());
  if (values.brand) form.append('brand', values.brand);
  form.append('description', values.description.trim());
  form.append('link_hacoo', values.link_hacoo.trim());
  if (values.link_dhgate.trim()) form.append('link_dhgate', values.link_dhgate.trim());
  if (values.link_cnfans.trim()) form.append('link_cnfans', values.link_cnfans.trim());
  for (const category of values.categories) form.append('categories[]', category);
  for (const colour of tidyColours(values.colors)) form.append('colors[]', colour);
  form.append('language', values.language);
  // An edit sends the amount even when emptied: that is how a price is taken away.
  const amount = values.price_amount.trim();
  if (amount || editing !== null) {
    form.append('price_amount', amount);
    form.append('price_currency', values.price_currency);
  }
  const { photos, gallery } = galleryForm(entries);
  for (const photo of photos) form.append('photos', photo);
  form.append('gallery', JSON.stringify(gallery));
  const { data } = await apiClient.post<{ results: { data: OwnProduct } }>(editing === null ? '/products' : '/products/update', form, {
    onUploadProgress: ({ progress }) => onProgress(progress ?? 0),
    headers: editing === null && uploadKey !== null ? { [IDEMPOTENCY_KEY_HEADER]: uploadKey } : {},
    // Eight 2 MB photos on a slow phone link take longer than the client's default timeout.
    timeout: 300_000,
  });
  return data.results.data;
}
