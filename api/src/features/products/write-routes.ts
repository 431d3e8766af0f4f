import { DuplicateProduct, OwnProduct, OwnProductPage, ProductFormFields, ProductUpdateFields } from '@linkhunt/contracts/schemas/product';
import { PRODUCT_FILE_FIELDS } from '@linkhunt/contracts/product';
import { IdParam, Message, PageQuery, Results, ValidationError } from '@linkhunt/contracts/schemas/common';
import { IdempotencyKeyHeaders } from '@linkhunt/contracts/schemas/idempotency';
import { IDEMPOTENT_REPLAYED_HEADER } from '@linkhunt/contracts/idempotency';
import Type, { type Static } from 'typebox';
import type { App } from '../../app-types.js';
import { findProductOr404 } from '../../db/product-lookup.js';
import { isUniqueViolation } from '../../db/sql-helpers.js';
import { forbidden, notFound } from '../../http-errors.js';
import { claimIdempotencyKey, type IdempotencyClaim, idempotencyKeyOf, requestFingerprint } from '../../http/idempotency.js';
import { FileTooLargeResponse, readMultipartForm, type UploadedFile } from '../../http/multipart-form.js';
import { prohibitedFields, SERVER_OWNED_FIELDS } from '../../http/prohibited-fields.js';
import { retryAfterOnDailyLimit } from '../../http/daily-limit.js';
import { type AuthUser, signedInUser } from '../../plugins/auth.js';
import { removeProductImage, removeUnusedProductImage, type StoredProductImage, storeProductImage } from './product-images.js';
import { refuseDuplicate, validateProductForm, type ValidProductForm } from './product-form.js';
import { accountContentLanguage, findOwnProduct } from './product-repository.js';
import { deleteProduct, insertProduct, updateProduct } from './product-write-repository.js';
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
const ProductFormDoc = Type.Object({ ...ProductFormFields.properties, image: imageFile });
const ProductUpdateDoc = Type.Object({ ...ProductUpdateFields.properties, image: Type.Optional(imageFile) });
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
  + 'the language of the title and description; left out, the uploader\'s account language on add and unchanged on edit), and the file image (PNG or JPEG, at most 2 MB).';

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
        description: `${multipartNote} The image is required. `
          + `At most ${app.config.dailyUploadLimit} uploads per account per UTC day (DAILY_UPLOAD_LIMIT): past that 429 with Retry-After, `
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
      const { fields, files } = await readMultipartForm(request, ProductCreateForm, PRODUCT_FILE_FIELDS);
      if (key === null) return reply.status(201).send(await createProduct(app, user, fields, files.image, null));

      const fingerprint = requestFingerprint('POST /products', fields, files);
      const outcome = await claimIdempotencyKey<ProductCreated>(app.db, { userId: user.id, key, fingerprint });
      if (outcome.kind === 'replay') return reply.status(outcome.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(outcome.body);
      try {
        return reply.status(201).send(await createProduct(app, user, fields, files.image, outcome.claim));
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
      validatorCompiler: documentedOnly,
      schema: {
        tags: ['products'],
        operationId: 'updateProduct',
        summary: 'Edit one of your products',
        body: ProductUpdateDoc,
        description: `${multipartNote} Also id, the product to edit. Without an image the current one is kept. The slug never changes.`,
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: Results(OwnProduct), ...errorResponses, 409: DuplicateProduct },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { fields, files } = await readMultipartForm(request, ProductUpdateForm, PRODUCT_FILE_FIELDS);
      const current = await ownedProduct(app, fields.id, user.id, 'product.edit_own_only');
      const form = await validateProductForm(app, fields, files.image, false);
      await refuseDuplicate(app, form, current.id);
      const replacement = await storeNewImage(app, form);
      const stored = replacement ?? { image: current.image, thumbnail: current.thumbnail };
      try {
        await updateProduct(app.db, app.dialect, current.id, { ...productValues(form), ...stored });
        app.readCache.invalidate({ product: current.id, user: user.id, listings: true });
        app.linkHealth.linksWritten();
      } catch (error) {
        if (replacement) await removeProductImage(app.images, replacement);
        throw error;
      }
      if (replacement) await removeQuietly(app, current);
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
          + 'Its reviews, favourites and reports go with it.',
        params: IdParam,
        security: bearer,
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const current = await ownedProduct(app, request.params.id, user.id, 'product.delete_own_only');
      await deleteProduct(app.db, app.dialect, current.id);
      app.readCache.invalidate({ product: current.id, user: user.id, listings: true });
      await removeQuietly(app, current);
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
  image: UploadedFile | undefined,
  claim: IdempotencyClaim<ProductCreated> | null,
): Promise<ProductCreated> {
  const limits: UploadLimits = { daily: app.config.dailyUploadLimit, unverified: app.config.unverifiedUploadLimit };
  await checkUploadAllowed(app.db, user.id, user.verified, limits);
  const checked = await validateProductForm(app, fields, image, true);
  await refuseDuplicate(app, checked);
  const form: ValidProductForm = { ...checked, language: checked.language ?? (await accountContentLanguage(app.db, user.id)) };
  const stored = await storeNewImage(app, form);
  if (!stored) throw new Error('validated upload without an image');
  const answer: { created?: ProductCreated } = {};
  try {
    await insertWithFreeSlug(app, form, stored, user.id, async (trx, id) => {
      await checkUploadWithinLimits(trx, app.dialect, user.id, limits);
      answer.created = { results: { data: await ownProductOrThrow(trx, id) } };
      await claim?.complete(trx, 201, answer.created);
    });
  } catch (error) {
    await removeProductImage(app.images, stored);
    throw error;
  }
  if (!answer.created) throw new Error('product written without its answer');
  app.readCache.invalidate({ user: user.id, listings: true });
  return answer.created;
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

async function storeNewImage(app: App, form: ValidProductForm): Promise<StoredProductImage | null> {
  return form.image ? storeProductImage(app.images, form.image) : null;
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
  };
}

/** Two uploads of the same title can race for one slug; the unique index decides and the loser takes a suffix. */
async function insertWithFreeSlug(
  app: App,
  form: ValidProductForm,
  stored: StoredProductImage,
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

/** The row is already changed; a file that could not be removed is only wasted space, not a failed request. */
async function removeQuietly(app: App, old: StoredProductImage): Promise<void> {
  try {
    await removeUnusedProductImage(app.db, app.images, old);
  } catch (error) {
    app.log.warn({ err: error, image: old.image }, 'could not remove an old product image');
  }
}

async function ownProductOrThrow(db: App['db'], id: number): Promise<OwnProduct> {
  const product = await findOwnProduct(db, id);
  if (!product) throw notFound('product.not_found');
  return product;
}
