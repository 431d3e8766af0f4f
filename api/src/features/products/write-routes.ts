import { DuplicateProduct, OwnProduct, OwnProductPage, ProductFormFields, ProductUpdateFields } from '@linkhunt/contracts/schemas/product';
import { PRODUCT_FILE_FIELDS, PRODUCT_FILE_LIST_FIELDS } from '@linkhunt/contracts/product';
import { MAX_PRODUCT_PHOTOS } from '@linkhunt/contracts/photos';
import { IdParam, Message, PageQuery, Results, ValidationError } from '@linkhunt/contracts/schemas/common';
import { IdempotencyKeyHeaders } from '@linkhunt/contracts/schemas/idempotency';
import { IDEMPOTENT_REPLAYED_HEADER } from '@linkhunt/contracts/idempotency';
import Type, { type Static } from 'typebox';
import type { App } from '../../app-types.js';
import { findProductOr404 } from '../../db/product-lookup.js';
import { isUniqueViolation } from '../../db/sql-helpers.js';
import { forbidden, notFound } from '../../http-errors.js';
import { claimIdempotencyKey, type IdempotencyClaim, idempotencyKeyOf, requestFingerprint } from '../../http/idempotency.js';
import { FileTooLargeResponse, readMultipartForm } from '../../http/multipart-form.js';
import { prohibitedFields, SERVER_OWNED_FIELDS } from '../../http/prohibited-fields.js';
import { retryAfterOnDailyLimit } from '../../http/daily-limit.js';
import { type AuthUser, signedInUser } from '../../plugins/auth.js';
import { removeProductImage, removeUnusedProductImage, type StoredProductImage, storeProductImages } from './product-images.js';
import { type ProductFormFiles, refuseDuplicate, validateProductForm, type ValidProductForm } from './product-form.js';
import { distinctFiles, type GalleryChange, type GalleryPlace, type NewPhoto, photoIdsOf } from './product-photo-repository.js';
import { checkPhotosAllowed, checkPhotosWithinLimit } from './photo-limits.js';
import { accountContentLanguage, findOwnProduct } from './product-repository.js';
import { deleteProduct, insertProduct, type ProductRecord, updateProduct } from './product-write-repository.js';
import { pageOfOwnProducts } from './own-product-repository.js';
import { freeSlugFor, slugify, withSuffix } from './slugs.js';
import { checkUploadAllowed, checkUploadWithinLimits, type UploadLimits } from './upload-limits.js';
import type { MessageCode } from '../../i18n/api-text.js';
import { say } from '../../i18n/say.js';
import { requestLanguage } from '../../plugins/request-language.js';

/**
 * The multipart forms are read and checked by readMultipartForm, after the login check; these body
 * schemas only describe them in the OpenAPI document, so Fastify's own body validation is switched off.
 */
const imageFile = Type.String({ format: 'binary', description: 'PNG or JPEG, at most 2 MB' });
const photoFiles = Type.Optional(Type.Array(Type.String({ format: 'binary' }), {
  maxItems: MAX_PRODUCT_PHOTOS,
  description: 'New photos, the field repeated once per file (PNG or JPEG, at most 2 MB each), placed by gallery',
}));
const ProductFormDoc = Type.Object({ ...ProductFormFields.properties, image: Type.Optional(imageFile), photos: photoFiles });
const ProductUpdateDoc = Type.Object({ ...ProductUpdateFields.properties, image: Type.Optional(imageFile), photos: photoFiles });
const FILE_LISTS = Object.fromEntries(PRODUCT_FILE_LIST_FIELDS.map((name) => [name, MAX_PRODUCT_PHOTOS]));
const documentedOnly = () => () => true;

// What the forms are read with: the contract's fields, and a 422 for those only the server sets (the owner,
// the counters, the visibility). On add the product's id is the server's too; on update it names the product.
const ProductCreateForm = Type.Object({ ...ProductFormFields.properties, ...prohibitedFields(['id', ...SERVER_OWNED_FIELDS]) });
const ProductUpdateForm = Type.Object({ ...ProductUpdateFields.properties, ...prohibitedFields(SERVER_OWNED_FIELDS) });

type ProductCreated = { results: { data: OwnProduct } };

const errorResponses = { 401: Message, 403: Message, 404: Message, 413: FileTooLargeResponse, 415: Message, 422: ValidationError };
const bearer = [{ bearer: [] }];
const multipartNote =
  'Sent as multipart/form-data. Fields: title, brand (a brand slug; missing means "Various"), description, link_hacoo, ' +
  'link_dhgate (https links on each store\'s hosts), link_cnfans (the agent link: a link of any supported buying agent or marketplace, or a '
  + 'short link, kept as its source item), categories[] (category slugs), colors[], language (es, en, de, it or fr: '
  + 'the language of the title and description; left out, the uploader\'s account language on add and unchanged on edit), '
  + 'price_amount (what it costs: "12.40" or "12,40", at most two decimals, more than 0 and at most 999999.99) with price_currency (EUR, USD, CNY or GBP, '
  + 'any case; needed with an amount), kept in whole minor units (left out on edit: unchanged; price_amount sent empty: no price), '
  + `the photos: up to ${MAX_PRODUCT_PHOTOS} files photos (PNG or JPEG, at most 2 MB each, re-encoded without their metadata) and gallery, `
  + 'a JSON array of the wanted order, cover first: {"photo": <id of a photo the product has>} or {"upload": <0-based index into the files photos>}, '
  + 'each with an optional alt (at most 200 characters) and qc (true: a warehouse QC photo); or, as before, the one file image '
  + '(not with gallery). The first photo is the cover: `image` and `thumbnail` are its files.';

/** Upload, edit and delete of a user's own products, and the "my products" list. */
export async function productWriteRoutes(app: App): Promise<void> {
  app.post(
    '/products',
    {
      // A new product shows in listings and on its uploader's profile; no other product's answers change.
      config: { readCacheWrites: 'targeted' },
      onRequest: [app.requireUser],
      onError: retryAfterOnDailyLimit,
      validatorCompiler: documentedOnly,
      schema: {
        tags: ['products'],
        operationId: 'createProduct',
        summary: 'Upload a product',
        body: ProductFormDoc,
        description: `${multipartNote} At least one photo is required; with gallery every item is an upload. `
          + `At most ${app.config.dailyUploadLimit} uploads per account per UTC day (DAILY_UPLOAD_LIMIT) and ${app.config.dailyPhotoLimit} photos `
          + '(DAILY_PHOTO_LIMIT, product and review photos together): past either 429 with Retry-After, '
          + 'the seconds until the next UTC midnight. An account whose e-mail address is not verified may hold at most '
          + `${app.config.unverifiedUploadLimit} products (UNVERIFIED_UPLOAD_LIMIT): past that 403. `
          + 'A retry with the Idempotency-Key of an upload already accepted replays its answer, whatever the limits.',
        consumes: ['multipart/form-data'],
        headers: IdempotencyKeyHeaders,
        security: bearer,
        response: { 201: Results(OwnProduct), ...errorResponses, 409: Type.Union([DuplicateProduct, Message]), 429: Message },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const key = idempotencyKeyOf(request);
      const { fields, files, fileLists } = await readMultipartForm(request, ProductCreateForm, PRODUCT_FILE_FIELDS, FILE_LISTS);
      const formFiles: ProductFormFiles = { image: files.image, photos: fileLists.photos ?? [] };
      if (key === null) return reply.status(201).send(await createProduct(app, user, fields, formFiles, null));

      const photoParts = Object.fromEntries(formFiles.photos.map((file, i) => [`photos.${i}`, file]));
      const fingerprint = requestFingerprint('POST /products', fields, { ...files, ...photoParts });
      const outcome = await claimIdempotencyKey<ProductCreated>(app.db, { userId: user.id, key, fingerprint });
      if (outcome.kind === 'replay') return reply.status(outcome.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(outcome.body);
      try {
        return reply.status(201).send(await createProduct(app, user, fields, formFiles, outcome.claim));
      } catch (error) {
        await outcome.claim.release().catch((releaseError: unknown) => app.log.warn({ err: releaseError }, 'could not release an idempotency key'));
        throw error;
      }
    },
  );

  app.post(
    '/products/update',
    {
      // The product's own answers, its uploader's profile and listings.
      config: { readCacheWrites: 'targeted' },
      onRequest: [app.requireUser],
      onError: retryAfterOnDailyLimit,
      validatorCompiler: documentedOnly,
      schema: {
        tags: ['products'],
        operationId: 'updateProduct',
        summary: 'Edit one of your products',
        body: ProductUpdateDoc,
        description: `${multipartNote} Also id, the product to edit. With gallery, the photos it leaves out are deleted; without it `
          + 'the gallery is kept, an image replaces the cover and photos are added at the end. The slug never changes. '
          + `New photos count toward the ${app.config.dailyPhotoLimit} a day (DAILY_PHOTO_LIMIT): past that 429 with Retry-After.`,
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: Results(OwnProduct), ...errorResponses, 409: DuplicateProduct, 429: Message },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { fields, files, fileLists, emptyFields } = await readMultipartForm(request, ProductUpdateForm, PRODUCT_FILE_FIELDS, FILE_LISTS);
      const current = await ownedProduct(app, fields.id, user.id, 'product.edit_own_only');
      const formFiles: ProductFormFiles = { image: files.image, photos: fileLists.photos ?? [] };
      await checkPhotosAllowed(app.db, user.id, newPhotoCount(formFiles), app.config.dailyPhotoLimit);
      const form = await validateProductForm(app, fields, formFiles, await photoIdsOf(app.db, current.id), emptyFields);
      await refuseDuplicate(app, form, current.id);
      const { cover, photos } = await storeNewPhotos(app, form);
      const added = [...(cover ? [cover] : []), ...photos];
      let removed: StoredProductImage[];
      try {
        removed = await updateProduct(app.db, app.dialect, current.id, productValues(form), galleryChange(form, cover, photos), (trx) =>
          checkPhotosWithinLimit(trx, app.dialect, user.id, added.length, app.config.dailyPhotoLimit));
        app.readCache.invalidate({ product: current.id, user: user.id, listings: true });
        app.linkHealth.linksWritten();
      } catch (error) {
        await removeAll(app, added);
        throw error;
      }
      await removeQuietly(app, removed);
      return { results: { data: await ownProductOrThrow(app.db, current.id) } };
    },
  );

  app.delete(
    '/products/:id',
    {
      // The product's own answers, its uploader's profile (and the reviews of their products) and listings.
      config: { readCacheWrites: 'targeted' },
      onRequest: [app.requireUser],
      schema: {
        tags: ['products'],
        operationId: 'deleteProduct',
        summary: 'Delete one of your products (and its images)',
        description: 'Needs a token, and only its uploader may (403 for anyone else); 404 when there is no such product. '
          + 'Its photos (every size), its reviews and their photos, favourites and reports go with it.',
        params: IdParam,
        security: bearer,
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const current = await ownedProduct(app, request.params.id, user.id, 'product.delete_own_only');
      const left = await deleteProduct(app.db, app.dialect, current.id);
      app.readCache.invalidate({ product: current.id, user: user.id, listings: true });
      await removeQuietly(app, [current, ...left.photos]);
      // Review photos are never shared: no row can name them any more.
      await removeQuietly(app, left.reviewPhotos, false);
      return say(request, 'product.deleted');
    },
  );

  app.get(
    '/auth/products',
    {
      onRequest: [app.requireUser],
      schema: {
        tags: ['products'],
        operationId: 'listOwnProducts',
        summary: 'My products: all of them, hidden ones included, newest first, with their store links',
        description: 'Needs a token; 20 per page by default. A product a moderator\'s decision hides carries it in `moderation` (the statement of reasons, and the appeal if any). Never cached.',
        querystring: PageQuery,
        security: bearer,
        response: { 200: OwnProductPage, 401: Message },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { data, pagination } = await pageOfOwnProducts(app.db, user.id, request.query.page ?? 1, request.query.per_page ?? 20, requestLanguage(request));
      return { results: { data, meta: { pagination } } };
    },
  );
}

/**
 * Checks the user's upload limits, validates, stores the image and writes the product; with a claimed
 * idempotency key, its answer is stored in the product's own transaction, so a retry can never find the
 * product without the answer or the reverse. Called after a replay was ruled out, so a replay is never refused.
 */
async function createProduct(
  app: App,
  user: AuthUser,
  fields: Static<typeof ProductCreateForm>,
  files: ProductFormFiles,
  claim: IdempotencyClaim<ProductCreated> | null,
): Promise<ProductCreated> {
  const limits: UploadLimits = { daily: app.config.dailyUploadLimit, unverified: app.config.unverifiedUploadLimit };
  await checkUploadAllowed(app.db, user.id, user.verified, limits);
  await checkPhotosAllowed(app.db, user.id, newPhotoCount(files), app.config.dailyPhotoLimit);
  const checked = await validateProductForm(app, fields, files, null);
  await refuseDuplicate(app, checked);
  const form: ValidProductForm = { ...checked, language: checked.language ?? (await accountContentLanguage(app.db, user.id)) };
  const { cover, photos } = await storeNewPhotos(app, form);
  const stored = [...(cover ? [cover] : []), ...photos];
  const gallery: NewPhoto[] = form.gallery
    ? form.gallery.flatMap((slot) => ('upload' in slot && photos[slot.upload] ? [{ ...photos[slot.upload] as StoredProductImage, alt: slot.alt, qc: slot.qc }] : []))
    : stored.map((files) => ({ ...files, alt: '', qc: false }));
  const first = gallery[0];
  if (!first) throw new Error('validated upload without a photo');
  const answer: { created?: ProductCreated } = {};
  try {
    await insertWithFreeSlug(app, form, { image: first.image, thumbnail: first.thumbnail, photos: gallery }, user.id, async (trx, id) => {
      await checkUploadWithinLimits(trx, app.dialect, user.id, limits);
      await checkPhotosWithinLimit(trx, app.dialect, user.id, gallery.length, app.config.dailyPhotoLimit);
      answer.created = { results: { data: await ownProductOrThrow(trx, id) } };
      await claim?.complete(trx, 201, answer.created);
    });
  } catch (error) {
    await removeAll(app, stored);
    throw error;
  }
  if (!answer.created) throw new Error('product written without its answer');
  app.readCache.invalidate({ user: user.id, listings: true });
  return answer.created;
}

/** How many photos a form adds: its image and its photos. */
const newPhotoCount = (files: ProductFormFiles) => (files.image ? 1 : 0) + files.photos.length;

/** What an edit does to the gallery: the form's gallery, or the older image as the new cover and photos at the end. */
function galleryChange(form: ValidProductForm, cover: StoredProductImage | null, photos: readonly StoredProductImage[]): GalleryChange | null {
  if (form.gallery) {
    return {
      kind: 'replace',
      places: form.gallery.flatMap((slot): GalleryPlace[] => {
        if ('photo' in slot) return [{ id: slot.photo, alt: slot.alt, qc: slot.qc }];
        const stored = photos[slot.upload];
        return stored ? [{ stored, alt: slot.alt, qc: slot.qc }] : [];
      }),
    };
  }
  if (!cover && photos.length === 0) return null;
  return { kind: 'keep', cover, append: photos.map((files) => ({ ...files, alt: '', qc: false })) };
}

interface OwnedRow extends StoredProductImage {
  id: number;
}

/** The product if it exists (404) and belongs to the user (403). */
async function ownedProduct(app: App, id: number, userId: number, notOwner: MessageCode): Promise<OwnedRow> {
  const row = await findProductOr404(app.db, id, ['id', 'user_id', 'image', 'thumbnail']);
  if (row.user_id !== userId) throw forbidden(notOwner);
  return { id: row.id, image: row.image, thumbnail: row.thumbnail };
}

/** Stores the form's image (as `cover`) and photos; when one fails, none is left behind. */
async function storeNewPhotos(app: App, form: ValidProductForm): Promise<{ cover: StoredProductImage | null; photos: StoredProductImage[] }> {
  const stored = await storeProductImages(app.images, [...(form.image ? [form.image] : []), ...form.photos]);
  return form.image ? { cover: stored[0] ?? null, photos: stored.slice(1) } : { cover: null, photos: stored };
}

/** Files written for a request that then failed: no row names them. */
async function removeAll(app: App, stored: readonly StoredProductImage[]): Promise<void> {
  await Promise.all(stored.map((files) => removeProductImage(app.images, files)));
}

function productValues(form: ValidProductForm) {
  return {
    title: form.title,
    brandId: form.brandId,
    description: form.description,
    linkHacoo: form.linkHacoo,
    linkDhgate: form.linkDhgate,
    linkCnfans: form.linkCnfans,
    categoryIds: form.categoryIds,
    colors: form.colors,
    ...(form.language !== undefined && { language: form.language }),
    ...(form.price !== undefined && { price: form.price }),
  };
}

/** Two uploads of the same title can race for one slug; the unique index decides and the loser takes a suffix. */
async function insertWithFreeSlug(
  app: App,
  form: ValidProductForm,
  stored: Pick<ProductRecord, 'image' | 'thumbnail' | 'photos'>,
  userId: number,
  within: (trx: App['db'], id: number) => Promise<void>,
): Promise<number> {
  let slug = await freeSlugFor(app.db, form.title);
  for (let attempt = 1; ; attempt++) {
    try {
      const id = await insertProduct(app.db, app.dialect, { ...productValues(form), ...stored, slug, userId }, within);
      app.linkHealth.linksWritten();
      return id;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
      slug = withSuffix(slugify(form.title));
    }
  }
}

/**
 * The rows are already changed; a file that could not be removed is only wasted space (images:sweep takes it),
 * not a failed request. `onlyUnused`: product pictures may be shared by demo products, so those still named
 * by a row stay.
 */
async function removeQuietly(app: App, old: readonly StoredProductImage[], onlyUnused = true): Promise<void> {
  await Promise.all(distinctFiles(old).map(async (files) => {
    try {
      await (onlyUnused ? removeUnusedProductImage(app.db, app.images, files) : removeProductImage(app.images, files));
    } catch (error) {
      app.log.warn({ err: error, image: files.image }, 'could not remove an old image');
    }
  }));
}

async function ownProductOrThrow(db: App['db'], id: number): Promise<OwnProduct> {
  const product = await findOwnProduct(db, id);
  if (!product) throw notFound('product.not_found');
  return product;
}
