import { type ContentLanguage, DEFAULT_CONTENT_LANGUAGE } from '@linkhunt/contracts/content-language';
import { IDEMPOTENCY_KEY_HEADER } from '@linkhunt/contracts/idempotency';
import type { OwnProduct } from '@linkhunt/contracts/product';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { tidyColours } from '../../../lib/colour-list.ts';

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
};

/**
 * POST /products (new) or /products/update (with the id) as multipart/form-data; `onProgress` gets the share of
 * the body sent, from 0 to 1. A new product goes with its upload's `uploadKey` (see useUploadKey), so a retry of
 * an upload the API did receive creates nothing more.
 */
export async function sendProduct(
  values: ProductValues,
  image: File | null,
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
  if (image) form.append('image', image);
  const { data } = await apiClient.post<{ results: { data: OwnProduct } }>(editing === null ? '/products' : '/products/update', form, {
    onUploadProgress: ({ progress }) => onProgress(progress ?? 0),
    headers: editing === null && uploadKey !== null ? { [IDEMPOTENCY_KEY_HEADER]: uploadKey } : {},
    // A 2 MB image on a slow phone link takes longer than the client's default timeout.
    timeout: 120_000,
  });
  return data.results.data;
}
