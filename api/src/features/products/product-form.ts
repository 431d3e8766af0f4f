import { VARIOUS_BRAND_SLUG } from '@linkhunt/contracts/limits';
import type { ProductFormFields } from '@linkhunt/contracts/product';
import type { App } from '../../app-types.js';
import { type FieldTexts, HttpError, validationFailed } from '../../http-errors.js';
import type { UploadedFile } from '../../http/multipart-form.js';
import { type ProcessedImage, processImage } from '../../media/process-image.js';
import { PRODUCT_IMAGE_SIZES } from './product-images.js';
import { brandIdBySlug, categoriesBySlug, ensureVariousBrand } from './product-repository.js';
import type { ProductRecord } from './product-write-repository.js';
import { checkStoreLink } from '../link-health/store-links.js';
import { agentFieldError } from '../agent-links/agent-field.js';
import { agentLink } from '../agent-links/source-item.js';
import { productIdentity } from '../agent-links/product-identity.js';
import { findListedDuplicate } from './identity-repository.js';
import { type ApiText, text } from '../../i18n/api-text.js';
import { currencyOf, parseAmount, unknownCurrency } from '../prices/price-input.js';
import { MAX_PRODUCT_PHOTOS } from '@linkhunt/contracts/photos';
import { type GallerySlot, readGallery } from './gallery-form.js';

/**
 * A product form that passed every rule: ids resolved, links normalised, the image and photos (if any)
 * re-encoded, and the gallery (null: the form has none) checked against them and the product's photos.
 */
export type ValidProductForm = Pick<
  ProductRecord,
  'title' | 'brandId' | 'description' | 'linkHacoo' | 'linkDhgate' | 'linkCnfans' | 'categoryIds' | 'colors' | 'language' | 'price'
> & { image: ProcessedImage | null; photos: ProcessedImage[]; gallery: GallerySlot[] | null };

/** The files of a product form: the older single `image`, and the new `photos`. */
export interface ProductFormFiles {
  image: UploadedFile | undefined;
  photos: readonly UploadedFile[];
}

/**
 * Checks the rules the schema cannot: store links, brand and category slugs, the image's bytes. All
 * broken rules come back together as one 422, and nothing is written before every rule has passed, so
 * a rejected upload leaves no file behind.
 */
export async function validateProductForm(
  app: App,
  fields: ProductFormFields,
  files: ProductFormFiles,
  /** The ids of the product's photos in gallery order on edit; null on add. */
  existingPhotos: readonly number[] | null,
  emptyFields: readonly string[] = [],
): Promise<ValidProductForm> {
  const errors: FieldTexts = {};
  // Each message once: several photos can break the same rule.
  const fail = (field: string, message: ApiText) => {
    const list = (errors[field] ??= []);
    if (!list.some((known) => JSON.stringify(known) === JSON.stringify(message))) list.push(message);
  };
  const price = priceOf(fields, emptyFields, fail);

  const links = {
    hacoo: checkStoreLink('hacoo', fields.link_hacoo, app.config.links),
    dhgate: fields.link_dhgate === undefined ? null : checkStoreLink('dhgate', fields.link_dhgate, app.config.links),
  };
  for (const [store, check] of Object.entries(links)) {
    if (check && !check.ok) fail(`link_${store}`, check.message);
  }

  // The agent field takes any agent's or marketplace's link (a short link is followed): only its item is kept.
  const [brandId, categories, agent] = await Promise.all([
    brandIdFor(app, fields.brand),
    categoryIdsFor(app, fields.categories),
    fields.link_cnfans === undefined || fields.link_cnfans.trim() === '' ? null : app.agentLinks.understand(fields.link_cnfans),
  ]);
  if (agent && !agent.ok) fail('link_cnfans', agentFieldError(agent));
  if (brandId === null) fail('brand', text('product.brand_missing', { brand: fields.brand ?? '' }));
  if (categories.missing.length === 1) fail('categories', text('product.category_missing', { category: categories.missing[0] ?? '' }));
  else if (categories.missing.length > 1) fail('categories', text('product.categories_missing', { categories: categories.missing.join(', ') }));

  const adding = existingPhotos === null;
  const gallery = readGallery(fields.gallery, files.photos.length, existingPhotos ?? [], (message) => fail('gallery', message));
  if (gallery && files.image) fail('image', text('photos.image_with_gallery'));
  if (!gallery) {
    // Without a gallery the files go in the order sent: on add after `image`, on edit after the current photos.
    const current = existingPhotos?.length ?? 0;
    const total = current + files.photos.length + (files.image && current === 0 ? 1 : 0);
    if (total > MAX_PRODUCT_PHOTOS) fail('photos', text('photos.too_many', { count: MAX_PRODUCT_PHOTOS }));
    if (adding && !files.image && files.photos.length === 0) fail('image', text('validation.required', { field: 'image' }));
  }

  const image = files.image ? await processed(files.image.data, 'image', fail) : null;
  const photos: ProcessedImage[] = [];
  for (const photo of files.photos) {
    const done = await processed(photo.data, 'photos', fail);
    if (done) photos.push(done);
  }

  if (Object.keys(errors).length > 0 || brandId === null || !links.hacoo.ok) throw validationFailed(errors);
  return {
    title: fields.title,
    brandId,
    description: fields.description,
    linkHacoo: links.hacoo.url,
    linkDhgate: links.dhgate?.ok ? links.dhgate.url : null,
    linkCnfans: agent?.ok ? agentLink(agent.item, 'cnfans') : null,
    categoryIds: categories.ids,
    colors: distinct(fields.colors ?? []),
    ...(fields.language !== undefined && { language: fields.language }),
    ...(price !== undefined && { price }),
    image,
    photos,
    gallery,
  };
}

/** The photo re-encoded, or null with its problems told through `fail` on `field`. */
async function processed(data: Buffer, field: 'image' | 'photos', fail: (field: string, message: ApiText) => void): Promise<ProcessedImage | null> {
  try {
    return await processImage(data, field, PRODUCT_IMAGE_SIZES);
  } catch (error) {
    if (!(error instanceof HttpError && error.errors)) throw error;
    for (const message of error.errors[field] ?? []) fail(field, message);
    return null;
  }
}

/**
 * The price the form sets: undefined when it says nothing of one (on edit the price stays), null when
 * price_amount was sent empty (no price), else the amount in minor units and its currency. A currency is
 * checked whenever one is sent, and needed with an amount.
 */
function priceOf(fields: ProductFormFields, emptyFields: readonly string[], fail: (field: string, message: ApiText) => void): ValidProductForm['price'] {
  const currency = fields.price_currency === undefined ? undefined : currencyOf(fields.price_currency);
  if (currency === null) fail('price_currency', unknownCurrency());
  if (fields.price_amount === undefined) return emptyFields.includes('price_amount') ? null : undefined;
  const amount = parseAmount(fields.price_amount);
  if (!amount.ok) fail('price_amount', amount.message);
  if (currency === undefined) fail('price_currency', text('validation.price_currency_required'));
  return amount.ok && currency ? { amountMinor: amount.minor, currency } : undefined;
}

/**
 * 409 when the form lists an item some product already lists (the same source item, or the same Hacoo or DHGate
 * product), naming that product so the form can show it. `exceptId`: the product being edited.
 */
export async function refuseDuplicate(app: App, form: ValidProductForm, exceptId?: number): Promise<void> {
  const existing = await findListedDuplicate(app.db, productIdentity(form), exceptId);
  if (existing) throw new HttpError(409, text('product.duplicate', { title: existing.title, username: existing.username }), undefined, { existing });
}

/** A missing brand is "Various" (spec section 5); it is created if the catalogue lacks it. Unknown slugs give null. */
async function brandIdFor(app: App, slug: string | undefined): Promise<number | null> {
  const wanted = (slug ?? VARIOUS_BRAND_SLUG).toLowerCase();
  const found = await brandIdBySlug(app.db, wanted);
  if (found !== null || wanted !== VARIOUS_BRAND_SLUG) return found;
  return ensureVariousBrand(app.db);
}

async function categoryIdsFor(app: App, slugs: readonly string[]): Promise<{ ids: number[]; missing: string[] }> {
  const wanted = distinct(slugs.map((s) => s.toLowerCase()));
  if (wanted.length === 0) return { ids: [], missing: [] };
  const rows = await categoriesBySlug(app.db, wanted);
  const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
  return {
    ids: wanted.flatMap((slug) => bySlug.get(slug) ?? []),
    missing: wanted.filter((slug) => !bySlug.has(slug)),
  };
}

/** Keeps the first spelling of each value, ignoring case. */
function distinct(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
