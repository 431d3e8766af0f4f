import Type from 'typebox';
import { DEFAULT_PER_PAGE, POINTS_PER_PROFILE_VISIT, TOP_USERS_LIMIT } from '@linkhunt/contracts/limits';
import type { ProductSummary } from '@linkhunt/contracts/product';
import { Message, PageQuery, Results, ValidationError } from '@linkhunt/contracts/schemas/common';
import { VisitResponse } from '@linkhunt/contracts/schemas/user';
import { IncludeProductsQuery, ReceivedValorationsPage, UserPageResponse, UserWithProducts } from '@linkhunt/contracts/schemas/with-products';
import type { App } from '../../app-types.js';
import { findUserIdByUsername } from '../../db/usernames.js';
import { notFound } from '../../http-errors.js';
import { loadProductSummaries, withProductsPage } from '../products/product-repository.js';
import { findPublicUserByUsername, newestVisibleProductIds, pageOfReceivedValorations, productIdsOfUser, topUsers } from './user-repository.js';
import { countProfileVisit } from './visits.js';

// Any string up to the longest username: a malformed one is simply nobody (404), not a form error.
const UsernameParam = Type.Object({ username: Type.String({ minLength: 1, maxLength: 60 }) });
const TopUsersQuery = Type.Object({ include: Type.Optional(Type.Literal('products')) });
const TOP_USER_PRODUCTS = 4;
const NO_SUCH_USER = 'catalogue.user_not_found';

export async function userRoutes(app: App): Promise<void> {
  app.get(
    '/users/username/:username',
    {
      config: { readCache: true },
      schema: {
        tags: ['users'],
        operationId: 'getUserByUsername',
        summary: 'A public profile; with ?include=products a page of their visible products, newest first',
        description: 'The products come 20 per page by default, with `meta.pagination`. 404 when no account has that username. Public, cached for a few seconds.',
        params: UsernameParam,
        querystring: IncludeProductsQuery,
        response: { 200: UserPageResponse, 404: Message, 422: ValidationError },
      },
    },
    async (request) => {
      const user = await findPublicUserByUsername(app.db, request.params.username);
      if (!user) throw notFound(NO_SUCH_USER);
      app.readCache.tag(request, { user: user.id });
      return withProductsPage(app.db, user, request.query, () => productIdsOfUser(app.db, user.id, { hiddenToo: false }));
    },
  );

  app.get(
    '/users/username/:username/valorations',
    {
      // Safe to cache: a review, an upload, edit or delete of the user's products drops it (user: id), and any
      // other write that could change it (a hidden product, a changed profile) empties the read cache.
      config: { readCache: true },
      schema: {
        tags: ['users'],
        operationId: 'listReceivedValorations',
        summary: 'The reviews of a user\'s visible products, by anyone, newest first, a page at a time, each with its product',
        description: '20 per page by default. 404 when no account has that username. Public, cached for a few seconds.',
        params: UsernameParam,
        querystring: PageQuery,
        response: { 200: ReceivedValorationsPage, 404: Message, 422: ValidationError },
      },
    },
    async (request) => {
      const userId = await findUserIdByUsername(app.db, request.params.username);
      if (userId === null) throw notFound(NO_SUCH_USER);
      app.readCache.tag(request, { user: userId });
      const { page = 1, per_page: perPage = DEFAULT_PER_PAGE } = request.query;
      const { data, pagination } = await pageOfReceivedValorations(app.db, userId, page, perPage);
      return { results: { data, meta: { pagination } } };
    },
  );

  app.get(
    '/users/top',
    {
      config: { readCache: true },
      schema: {
        tags: ['users'],
        operationId: 'listTopUsers',
        summary: `The users with the most points (at most ${TOP_USERS_LIMIT}); with ?include=products their ${TOP_USER_PRODUCTS} newest visible products`,
        description: 'Points come from one\'s visible products, the reviews they received from verified accounts and the visits of one\'s shared profile; '
          + 'of equal points the older account comes first. Public, cached for a few seconds.',
        querystring: TopUsersQuery,
        response: { 200: Results(Type.Array(UserWithProducts)), 422: ValidationError },
      },
    },
    async (request) => {
      const users = await topUsers(app.db, TOP_USERS_LIMIT);
      if (request.query.include !== 'products' || users.length === 0) return { results: { data: users } };
      const byUser = await newestProductsOf(users.map((u) => u.id));
      return { results: { data: users.map((u) => ({ ...u, products: { data: byUser.get(u.id) ?? [] } })) } };
    },
  );

  /** The newest visible products of each user, as lists show them. */
  async function newestProductsOf(userIds: number[]): Promise<Map<number, ProductSummary[]>> {
    const rows = await newestVisibleProductIds(app.db, userIds, TOP_USER_PRODUCTS);
    const summaries = new Map((await loadProductSummaries(app.db, rows.map((r) => r.id))).map((p) => [p.id, p]));
    const out = new Map<number, ProductSummary[]>();
    for (const row of rows) {
      const product = summaries.get(row.id);
      if (product) out.set(row.user_id, [...(out.get(row.user_id) ?? []), product]);
    }
    return out;
  }
  app.post(
    '/users/:username/visit',
    {
      // Points change the owner's profile and the top users (listings); nothing else.
      config: { rateLimit: app.config.rateLimits.visit, siteOriginOnly: true, readCacheWrites: 'targeted' },
      schema: {
        tags: ['users'],
        operationId: 'recordProfileVisit',
        summary: `A visit from a shared profile link: ${POINTS_PER_PROFILE_VISIT} points to the owner, once per visitor per day, never for the owner`,
        description: `Counted only when sent from the site (its Origin), once per visitor (the account, else the address: an IPv6 /64) `
          + `per profile per UTC day, and for at most ${app.config.visitPointsDailyCap} visits per profile per UTC day (VISIT_POINTS_DAILY_CAP); `
          + 'past that it answers counted: false.',
        params: UsernameParam,
        response: { 200: VisitResponse, 404: Message, 429: Message },
      },
    },
    async (request) => {
      const ownerId = await findUserIdByUsername(app.db, request.params.username);
      if (ownerId === null) throw notFound(NO_SUCH_USER);
      if (request.user?.id === ownerId) return { counted: false };
      const counted = await countProfileVisit(app.db, app.dialect, ownerId, app.visitorKey(request), app.config.visitPointsDailyCap);
      if (counted) app.readCache.invalidate({ user: ownerId, listings: true });
      return { counted };
    },
  );
}
