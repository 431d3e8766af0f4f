import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Insertable, Kysely } from 'kysely';
import type { DialectName } from '../connect.js';
import type { Database, FavouritesTable, ValorationsTable } from '../schema.js';
import { hashPassword } from '../../features/auth/passwords.js';
import { insertProduct } from '../../features/products/product-write-repository.js';
import type { ImageStore } from '../../media/image-store/image-store.js';
import { DEMO_BRANDS, DEMO_CATEGORIES, DEMO_USERS, type DemoUser, REVIEW_TEXTS } from './demo-catalogue.js';
import { avatarSvg } from './demo-avatars.js';
import { brandLogoSvg, distinctLook, productSvg, renderWebp, renderWithThumbnail } from './demo-images.js';
import { runPool } from '../../media/run-pool.js';
import type { ProductLook } from './demo-looks.js';
import { type Colour, type DemoPrice, demoPrice, type ProductDraft, draftProduct, slugFor, storeLinks } from './demo-products.js';
import { Random } from './random.js';

/**
 * Demo data, so that a fresh install looks like a living site: the 8 categories of the spec, about
 * 20 brands (with "Various"), 200 products with drawn pictures (no two alike, no two with the same
 * title), 20 people with drawn portraits, reviews, favourites,
 * profile visits and downloads, a few featured and a few hidden products, dated over the last months.
 *
 * Every demo account signs in with its email, `<username>@example.com`, and the password
 * `linkhunt-demo` (DEMO_PASSWORD), e.g. lucia.finds@example.com / linkhunt-demo.
 *
 * The content is fixed by the PRNG seed; only the dates move with the day it runs.
 */

export const DEMO_PASSWORD = 'linkhunt-demo';
export const DEMO_EMAIL_DOMAIN = 'example.com';
const DEMO_PRODUCTS = 200;
const DEMO_FEATURED = 20;
const DEMO_HIDDEN = 5;
const THUMBNAIL_SIZE = 400;
const SEED = 20240611;
/** Prices come from a generator of their own, so that adding them left every other demo value as it was. */
const PRICE_SEED = 20261207;
const DAY = 86_400_000;

export interface SeedSummary {
  categories: number;
  brands: number;
  products: number;
  users: number;
  valorations: number;
  favourites: number;
}

type Db = Kysely<Database>;

/** Seeds only a database with no products, categories or brands; otherwise does nothing and returns null. */
export async function seedDemoIfEmpty(db: Db, dialect: DialectName, images: ImageStore): Promise<SeedSummary | null> {
  const [product, category, brand] = await Promise.all([
    db.selectFrom('products').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('categories').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('brands').select('id').limit(1).executeTakeFirst(),
  ]);
  if (product || category || brand) return null;
  return seedDemo(db, dialect, images);
}

interface SeededUser extends DemoUser {
  id: number;
  createdAt: number;
}

interface PlannedProduct {
  draft: ProductDraft;
  look: ProductLook;
  slug: string;
  owner: SeededUser;
  createdAt: number;
  featured: boolean;
  hidden: boolean;
  downloads: number;
  price: DemoPrice | null;
}

/** Seeds unconditionally (the caller knows the database is empty). Pictures are drawn while the rows are written. */
export async function seedDemo(db: Db, dialect: DialectName, images: ImageStore): Promise<SeedSummary> {
  const rng = new Random(SEED);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const drawings: (() => Promise<void>)[] = [];

  const categories = await db
    .insertInto('categories')
    .values(DEMO_CATEGORIES.map(({ slug, name }) => ({ slug, name })))
    .returning(['id', 'slug'])
    .execute();
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]));

  const brands = await db
    .insertInto('brands')
    .values(DEMO_BRANDS.map((b, i) => ({ slug: b.slug, name: b.name, image: `brands/${b.slug}.webp`, created_at: iso(now - (360 - i) * DAY) })))
    .returning(['id', 'slug'])
    .execute();
  const brandId = new Map(brands.map((b) => [b.slug, b.id]));
  for (const b of DEMO_BRANDS) {
    drawings.push(async () => images.put(`images/brands/${b.slug}.webp`, await renderWebp(brandLogoSvg(b.name, b.colour, b.ink)), 'image/webp'));
  }

  // One hash for everyone: argon2 is slow on purpose, and the demo accounts share a password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users: SeededUser[] = [];
  for (const [i, u] of DEMO_USERS.entries()) {
    const createdAt = now - (330 - i * 6 - rng.int(0, 5)) * DAY - rng.int(0, DAY);
    const avatar = `avatars/${u.username}.webp`;
    const { id } = await db
      .insertInto('users')
      .values({
        username: u.username, email: `${u.username}@${DEMO_EMAIL_DOMAIN}`, password_hash: passwordHash, name: u.name,
        biography: u.biography, coupon: u.coupon, avatar, created_at: iso(createdAt),
        // The demo catalogue is Spanish: its accounts, their biographies, products and reviews.
        language: 'es',
        // Demo accounts stand for people who finished signing up: verified, so their reviews give points.
        email_verified_at: iso(createdAt),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push({ ...u, id, createdAt });
    drawings.push(async () => images.put(avatar, await renderWebp(avatarSvg(u.username, u.avatarColour)), 'image/webp'));
  }

  const planned = planProducts(rng, users, now);
  for (const p of planned) {
    drawings.push(async () => {
      const category = DEMO_CATEGORIES.find((c) => c.slug === p.draft.categories[0]) ?? DEMO_CATEGORIES[0];
      const svg = productSvg({ shape: p.draft.kind.shape, words: pictureWords(p.draft), look: p.look, tint: category.tint });
      const { full, thumbnail } = await renderWithThumbnail(svg, THUMBNAIL_SIZE);
      await Promise.all([images.put(`images/products/${p.slug}.webp`, full, 'image/webp'), images.put(`images/products/${p.slug}-thumb.webp`, thumbnail, 'image/webp')]);
    });
  }

  // sharp renders on the libuv pool; the rows are written meanwhile on the main thread or the socket.
  const drawing = runPool(drawings, Math.max(2, Math.min(4, availableParallelism())));
  const writing = (async () => {
    const productIds: number[] = [];
    for (const p of planned) {
      const links = storeLinks(rng, p.slug);
      productIds.push(await insertProduct(db, dialect, {
        slug: p.slug,
        title: p.draft.title,
        brandId: brandId.get(p.draft.brand.slug) ?? 0,
        description: p.draft.description,
        linkHacoo: links.hacoo,
        linkDhgate: links.dhgate,
        linkCnfans: links.cnfans,
        image: `products/${p.slug}.webp`,
        thumbnail: `products/${p.slug}-thumb.webp`,
        categoryIds: p.draft.categories.flatMap((slug) => categoryId.get(slug) ?? []),
        colors: p.draft.colours.map((c) => c.name),
        language: 'es',
        price: p.price,
        userId: p.owner.id,
        featured: p.featured,
        createdAt: iso(p.createdAt),
      }));
    }
    await db.transaction().execute(async (trx) => {
      for (const [i, p] of planned.entries()) {
        if (p.downloads > 0 || p.hidden) {
          await trx.updateTable('products').set({ downloads: p.downloads, hidden: p.hidden ? 1 : 0 }).where('id', '=', productIds[i] ?? 0).execute();
        }
      }
    });
    const withIds = planned.map((p, i) => ({ ...p, id: productIds[i] ?? 0 }));
    const valorations = await seedValorations(db, rng, withIds, users, now);
    const favourites = await seedFavourites(db, rng, withIds, users, now);
    await seedProfileVisits(db, rng, users, now);
    return { products: productIds.length, valorations, favourites };
  })();
  const [, written] = await Promise.all([drawing, writing]);

  return { categories: categories.length, brands: brands.length, users: users.length, ...written };
}

/** The words that choose the variant of a drawing: the kind and its detail. */
function pictureWords(draft: ProductDraft): string {
  return `${draft.kind.noun} ${draft.detail}`;
}

/** Products in the order they were "uploaded", oldest first, so ids and dates agree (recents sort by id). */
function planProducts(rng: Random, users: readonly SeededUser[], now: number): PlannedProduct[] {
  const uploaders = users.filter((u) => u.uploads > 0);
  const plans: PlannedProduct[] = [];
  const prices = new Random(PRICE_SEED);
  const titles = new Set<string>();
  const pictures = new Set<string>();
  for (let i = 0; i < DEMO_PRODUCTS; i++) {
    const draft = draftProduct(rng, DEMO_BRANDS, titles);
    const look = distinctLook(rng, draft.kind.shape, pictureWords(draft), (draft.colours[0] as Colour).hex, draft.pattern, pictures);
    const owner = rng.weighted(uploaders, (u) => u.uploads);
    const from = Math.max(owner.createdAt + DAY, now - 180 * DAY);
    const to = now - 2 * 3_600_000;
    // The square root leans towards recent dates, like a site that grows.
    const createdAt = Math.round(from + (to - from) * Math.sqrt(rng.next()));
    const price = demoPrice(prices, draft.categories[0] ?? 'accesorios');
    plans.push({ draft, look, slug: slugFor(draft.title, rng), owner, createdAt, featured: false, hidden: false, downloads: 0, price });
  }
  plans.sort((a, b) => a.createdAt - b.createdAt);
  const order = rng.shuffle(plans.map((_, i) => i));
  for (const i of order.slice(0, DEMO_HIDDEN)) (plans[i] as PlannedProduct).hidden = true;
  for (const i of order.slice(DEMO_HIDDEN, DEMO_HIDDEN + DEMO_FEATURED)) (plans[i] as PlannedProduct).featured = true;
  for (const p of plans) {
    const ageDays = (now - p.createdAt) / DAY;
    p.downloads = rng.chance(0.15) ? 0 : Math.round(rng.next() * rng.next() * (ageDays * 3 + 20)) + (p.featured ? rng.int(40, 250) : 0);
  }
  return plans;
}

/** Bounded multi-row inserts: SQLite caps the parameters of one statement. */
async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>, size = 250): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

type SeededProduct = PlannedProduct & { id: number };

/** Reviews from other people than the uploader, mostly good ones, dated after the product. */
async function seedValorations(db: Db, rng: Random, products: readonly SeededProduct[], users: readonly SeededUser[], now: number): Promise<number> {
  const rows: Insertable<ValorationsTable>[] = [];
  for (const p of products) {
    const count = rng.weighted([0, 1, 2, 3, 5, 8], (n) => ({ 0: 3, 1: 3, 2: 2, 3: 1.5, 5: 1, 8: 0.4 })[n] ?? 1);
    for (const reviewer of rng.sample(users.filter((u) => u.id !== p.owner.id), count)) {
      const stars = rng.weighted([1, 2, 3, 4, 5] as const, (s) => [0, 0.05, 0.07, 0.15, 0.33, 0.4][s] ?? 0);
      const at = new Date(p.createdAt + rng.next() * (now - p.createdAt)).toISOString();
      rows.push({ product_id: p.id, user_id: reviewer.id, stars, review: rng.chance(0.88) ? rng.pick(REVIEW_TEXTS[stars]) : null, language: 'es', created_at: at, updated_at: at });
    }
  }
  await inChunks(rows, (chunk) => db.insertInto('valorations').values(chunk).execute());
  return rows.length;
}

/** Each person keeps a few products of others, among the visible ones. */
async function seedFavourites(db: Db, rng: Random, products: readonly SeededProduct[], users: readonly SeededUser[], now: number): Promise<number> {
  const visible = products.filter((p) => !p.hidden);
  const rows: Insertable<FavouritesTable>[] = [];
  for (const u of users) {
    for (const p of rng.sample(visible.filter((p) => p.owner.id !== u.id), rng.int(3, 20))) {
      rows.push({ user_id: u.id, product_id: p.id, created_at: new Date(p.createdAt + rng.next() * (now - p.createdAt)).toISOString() });
    }
  }
  await inChunks(rows, (chunk) => db.insertInto('favourites').values(chunk).execute());
  return rows.length;
}

/** Visits from shared profile links: anonymous visitor keys (hashes, as the app stores them), one a day at most. */
async function seedProfileVisits(db: Db, rng: Random, users: readonly SeededUser[], now: number): Promise<void> {
  const rows = new Map<string, { user_id: number; visitor: string; day: string }>();
  for (const u of users.filter((u) => u.uploads >= 2)) {
    for (let n = rng.int(2, 25); n > 0; n--) {
      const visitor = createHash('sha256').update(`demo-visitor-${rng.int(1, 400)}`).digest('hex');
      const day = new Date(now - rng.int(0, 60) * DAY).toISOString().slice(0, 10);
      rows.set(`${u.id}|${visitor}|${day}`, { user_id: u.id, visitor, day });
    }
  }
  await inChunks([...rows.values()], (chunk) => db.insertInto('profile_visits').values(chunk).execute());
}
