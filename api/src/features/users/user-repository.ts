import { isBuyingAgent } from '@linkhunt/contracts/agents';
import { isCurrency } from '@linkhunt/contracts/prices';
import { type Kysely, sql } from 'kysely';
import { POINTS_PER_PRODUCT, POINTS_PER_PROFILE_VISIT, POINTS_PER_VALORATION } from '@linkhunt/contracts/limits';
import type { Pagination } from '@linkhunt/contracts/common';
import type { OwnUser, PublicUser } from '@linkhunt/contracts/user';
import type { ReceivedValoration } from '@linkhunt/contracts/with-products';
import type { Database } from '../../db/schema.js';
import { pageOfRows, paginationOf } from '../../db/paging.js';
import { countAll, toIso } from '../../db/sql-helpers.js';
import { usernameIs } from '../../db/usernames.js';
import { contentLanguageOf, selectValorationsWithUser, toValoration } from '../products/product-repository.js';
import { reviewPhotosOf } from '../products/review-photo-repository.js';

type Db = Kysely<Database>;

/**
 * The counts behind points, as correlated sub-queries so one statement serves one user or the top list. The one
 * definition of what earns points: visible products only (a hidden one earns nothing, nor do its reviews), and
 * reviews only from accounts whose e-mail address is verified (throwaway accounts reviewing each other earn nothing).
 */
function userStats(db: Db) {
  return db.selectFrom('users').select((eb) => [
    'users.id', 'users.name', 'users.username', 'users.email', 'users.role', 'users.biography', 'users.language', 'users.coupon', 'users.avatar', 'users.created_at',
    'users.email_verified_at', 'users.preferred_agent', 'users.preferred_currency',
    eb.selectFrom('products').select(countAll().as('n')).whereRef('products.user_id', '=', 'users.id').where('products.hidden', '=', 0).as('num_products'),
    eb.selectFrom('valorations').innerJoin('products', 'products.id', 'valorations.product_id')
      .innerJoin('users as reviewer', 'reviewer.id', 'valorations.user_id')
      .select(countAll().as('n'))
      .whereRef('products.user_id', '=', 'users.id')
      .where('products.hidden', '=', 0)
      .where('reviewer.email_verified_at', 'is not', null)
      .as('num_valorations'),
    eb.selectFrom('profile_visits').select(countAll().as('n')).whereRef('profile_visits.user_id', '=', 'users.id').as('num_visits'),
  ]);
}

type StatsRow = Awaited<ReturnType<ReturnType<typeof userStats>['execute']>>[number];

/** Spec section 3: (products + reviews received) * 20; visits from a shared profile link add to it. */
export function pointsOf(products: number, valorations: number, visits: number): number {
  return products * POINTS_PER_PRODUCT + valorations * POINTS_PER_VALORATION + visits * POINTS_PER_PROFILE_VISIT;
}

function toPublicUser(row: StatsRow): PublicUser {
  const numProducts = Number(row.num_products ?? 0);
  const numValorations = Number(row.num_valorations ?? 0);
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    biography: row.biography,
    language: contentLanguageOf(row.language),
    coupon: row.coupon,
    avatar: row.avatar,
    points: pointsOf(numProducts, numValorations, Number(row.num_visits ?? 0)),
    num_products: numProducts,
    num_valorations: numValorations,
    created_at: toIso(row.created_at),
  };
}

export async function findPublicUserByUsername(db: Db, username: string): Promise<PublicUser | null> {
  const row = await userStats(db).where(usernameIs(username)).executeTakeFirst();
  return row ? toPublicUser(row) : null;
}

export async function findOwnUser(db: Db, id: number): Promise<OwnUser | null> {
  const row = await userStats(db).where('users.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const preferred_agent = isBuyingAgent(row.preferred_agent) ? row.preferred_agent : null;
  const preferred_currency = isCurrency(row.preferred_currency) ? row.preferred_currency : null;
  return { ...toPublicUser(row), email: row.email, role: row.role, verified: row.email_verified_at !== null, preferred_agent, preferred_currency };
}

/** The users with the most points (ties: the earlier member first). */
export async function topUsers(db: Db, limit: number): Promise<PublicUser[]> {
  const points = sql`num_products * ${sql.lit(POINTS_PER_PRODUCT)} + num_valorations * ${sql.lit(POINTS_PER_VALORATION)} + num_visits * ${sql.lit(POINTS_PER_PROFILE_VISIT)}`;
  const rows = await db.selectFrom(userStats(db).as('s')).selectAll().orderBy(points, 'desc').orderBy('id').limit(limit).execute();
  return rows.map(toPublicUser);
}

/** The ids of a user's products, newest first, for pageOfProducts: the visible ones, or with `hiddenToo` every one (the owner's own view). */
export function productIdsOfUser(db: Db, userId: number, { hiddenToo }: { hiddenToo: boolean }) {
  const mine = db.selectFrom('products').select('products.id').where('products.user_id', '=', userId).orderBy('products.id', 'desc');
  return hiddenToo ? mine : mine.where('products.hidden', '=', 0);
}

/** The ids of the `perUser` newest visible products of each user, newest first, in one query whatever the number of users. */
export async function newestVisibleProductIds(db: Db, userIds: readonly number[], perUser: number): Promise<{ id: number; user_id: number }[]> {
  const ranked = db
    .selectFrom('products')
    .select((eb) => [
      'products.id',
      'products.user_id',
      eb.fn.agg<number>('row_number').over((ob) => ob.partitionBy('products.user_id').orderBy('products.id', 'desc')).as('rank'),
    ])
    .where('products.user_id', 'in', userIds)
    .where('products.hidden', '=', 0);
  return db.selectFrom(ranked.as('r')).select(['r.id', 'r.user_id']).where('r.rank', '<=', perUser).orderBy('r.id', 'desc').execute();
}

/** One page of the reviews of a user's visible products, by anyone, newest first, each with the product it is about. */
export async function pageOfReceivedValorations(db: Db, userId: number, page: number, perPage: number): Promise<{ data: ReceivedValoration[]; pagination: Pagination }> {
  const received = selectValorationsWithUser(db)
    .innerJoin('products', 'products.id', 'valorations.product_id')
    .select(['products.id as product_id', 'products.slug as product_slug', 'products.title as product_title', 'products.language as product_language', 'products.thumbnail as product_thumbnail'])
    .where('products.user_id', '=', userId)
    .where('products.hidden', '=', 0)
    .orderBy('valorations.created_at', 'desc')
    .orderBy('valorations.id', 'desc');
  const { rows, total } = await pageOfRows(received, page, perPage);
  const photos = await reviewPhotosOf(db, rows.map((r) => r.id));
  const data = rows.map((r) => ({
    ...toValoration(r, photos),
    product: { id: r.product_id, slug: r.product_slug, title: r.product_title, language: contentLanguageOf(r.product_language), thumbnail: r.product_thumbnail },
  }));
  return { data, pagination: paginationOf(total, data.length, page, perPage) };
}
