import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../db/schema.js';
import { markVerified } from '../features/auth/verification.js';
import { insertProduct, type ProductRecord } from '../features/products/product-write-repository.js';
import type { TestApp } from './test-app.js';

/** A real PNG of the given size; noise makes it large when asked (a 3 MB upload). */
export async function pngImage(width = 64, height = 64, noise = false): Promise<Buffer> {
  if (noise) {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
    return sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  }
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
}

export async function jpegImage(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 220 } } }).jpeg().toBuffer();
}

export async function gifImage(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } }).gif().toBuffer();
}

let counter = 0;

export interface RegisteredUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

/**
 * Where registerUser sends its request, and the database to mark the account verified in: a TestApp has
 * both; a test against a server process passes `{ request, db }` (its own connection to that database).
 */
export interface Registrar {
  request: TestApp['request'];
  app?: { db: Kysely<Database> };
  db?: Kysely<Database>;
}

/**
 * Registers through the API, as a person would, then marks the address verified directly in the database
 * (as following the mailed link would), so that the account acts without the limits of an unverified one.
 * `{ verified: false }` leaves it unverified; so does a registrar without a database. A test of the
 * verification itself follows the real link: see features/auth/verification.test.ts.
 */
export async function registerUser(t: Registrar, name?: string, options: { verified?: boolean } = {}): Promise<RegisteredUser> {
  counter += 1;
  const username = name ?? `user${counter}_${Date.now() % 100000}`;
  const email = `${username.toLowerCase()}@example.com`;
  const password = 'correct horse battery';
  const res = await t.request('POST', '/auth/register', { json: { username, email, password } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const id: number = res.body.user.data.id;
  const db = t.db ?? t.app?.db;
  if (db && options.verified !== false) await markVerified(db, id);
  return { id, username, email, password, token: res.body.token.accessToken };
}

/** An account that has not followed its verification link: its reviews give no points, its uploads are few. */
export function registerUnverifiedUser(t: Registrar, name?: string): Promise<RegisteredUser> {
  return registerUser(t, name, { verified: false });
}

/** Brands and categories have no write API: the catalogue's taxonomy is inserted directly. */
export async function insertTaxonomy(t: TestApp): Promise<void> {
  await t.app.db
    .insertInto('categories')
    .values([
      { slug: 'sneakers', name: 'Sneakers' },
      { slug: 'pantalones-y-vaqueros', name: 'Pantalones y Vaqueros' },
      { slug: 'accesorios', name: 'Accesorios' },
    ])
    .execute();
  await t.app.db
    .insertInto('brands')
    .values([
      { slug: 'various', name: 'Various', image: null },
      { slug: 'nike', name: 'Nike', image: 'brands/nike.webp' },
      { slug: 'adidas', name: 'Adidas', image: 'brands/adidas.webp' },
    ])
    .execute();
}

export interface ProductInput {
  title?: string;
  brand?: string;
  description?: string;
  link_hacoo?: string;
  link_dhgate?: string;
  link_cnfans?: string;
  categories?: string[];
  colors?: string[];
  image?: Buffer | null;
  imageName?: string;
}

let hacooIds = 0;
/** A Hacoo link no other upload of the run has used: two uploads of one Hacoo product answer 409 (a duplicate). */
export const freshHacooLink = () => `https://www.hacoo.com/product/${process.pid}${String(++hacooIds).padStart(6, '0')}`;

const linksByKey = new Map<string, string>();
/** One fresh Hacoo link per idempotency key: a retry must send the same form, and different keys different products. */
export const hacooLinkForKey = (key: string | null | undefined): string => {
  if (key === null || key === undefined) return freshHacooLink();
  const link = linksByKey.get(key) ?? freshHacooLink();
  linksByKey.set(key, link);
  return link;
};

export async function productForm(input: ProductInput = {}, extra: Record<string, string> = {}): Promise<FormData> {
  const form = new FormData();
  form.set('title', input.title ?? 'Air Max 90 Retro');
  if (input.brand !== undefined) form.set('brand', input.brand);
  form.set('description', input.description ?? 'Comfortable running shoes, true to size.');
  form.set('link_hacoo', input.link_hacoo ?? freshHacooLink());
  if (input.link_dhgate !== undefined) form.set('link_dhgate', input.link_dhgate);
  if (input.link_cnfans !== undefined) form.set('link_cnfans', input.link_cnfans);
  for (const c of input.categories ?? ['sneakers']) form.append('categories[]', c);
  for (const c of input.colors ?? ['red', 'white']) form.append('colors[]', c);
  const image = input.image === undefined ? await pngImage() : input.image;
  if (image) form.set('image', new Blob([new Uint8Array(image)]), input.imageName ?? 'photo.png');
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return form;
}

/** Uploads a product through the API and returns the created product payload. */
export async function uploadProduct(t: Pick<TestApp, 'request'>, token: string, input: ProductInput = {}) {
  const res = await t.request('POST', '/products', { token, form: await productForm(input) });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.results.data as { id: number; slug: string; title: string };
}

/**
 * A user row inserted directly, for tests that only read (it has no usable password). Verified unless asked
 * otherwise, as a member who finished signing up: only such accounts' reviews count in ratings.
 */
export async function insertUser(t: TestApp, username?: string, options: { verified?: boolean } = {}): Promise<number> {
  counter += 1;
  const name = username ?? `reader${counter}`;
  const verifiedAt = options.verified === false ? null : new Date().toISOString();
  const { id } = await t.app.db
    .insertInto('users')
    .values({ username: name, email: `${name.toLowerCase()}@example.com`, password_hash: 'not-a-hash', name, email_verified_at: verifiedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface CatalogueProduct {
  userId: number;
  title?: string;
  /** Brand slug (insertTaxonomy's: various, nike, adidas). */
  brand?: string;
  /** Category slugs (insertTaxonomy's: sneakers, pantalones-y-vaqueros, accesorios). */
  categories?: string[];
  description?: string;
  /** As stored; black unless given. */
  colors?: string[];
  featured?: boolean;
  hidden?: boolean;
  /** None unless given. */
  price?: ProductRecord['price'];
}

/** A product written as the app writes it (row, categories, full-text entry) without going through an upload. */
export async function insertCatalogueProduct(t: TestApp, input: CatalogueProduct): Promise<{ id: number; slug: string }> {
  counter += 1;
  const { db, dialect } = t.app;
  const brand = await db.selectFrom('brands').select('id').where('slug', '=', input.brand ?? 'various').executeTakeFirstOrThrow();
  const slugs = input.categories ?? ['sneakers'];
  const categories = slugs.length > 0 ? await db.selectFrom('categories').select('id').where('slug', 'in', slugs).execute() : [];
  const title = input.title ?? `Product ${counter}`;
  const slug = `${title.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-')}-${counter}`;
  const id = await insertProduct(db, dialect, {
    slug,
    title,
    brandId: brand.id,
    description: input.description ?? 'A plain description.',
    linkHacoo: `https://www.hacoo.com/product/${counter}`,
    linkDhgate: `https://www.dhgate.com/product/${counter}.html`,
    linkCnfans: null,
    image: `products/${slug}.webp`,
    thumbnail: `products/${slug}-thumb.webp`,
    categoryIds: categories.map((c) => c.id),
    colors: input.colors ?? ['black'],
    userId: input.userId,
    featured: input.featured,
    price: input.price,
  });
  if (input.hidden) await db.updateTable('products').set({ hidden: 1 }).where('id', '=', id).execute();
  return { id, slug };
}
