import type { Kysely } from 'kysely';
import type { OwnProduct } from '@linkhunt/contracts/product';
import type { Pagination } from '@linkhunt/contracts/common';
import type { MailLanguage } from '@linkhunt/contracts/user';
import type { Database } from '../../db/schema.js';
import { countAll } from '../../db/sql-helpers.js';
import { moderationNotices } from '../moderation/decision-repository.js';
import { loadProductSummaries } from './product-repository.js';
import { photosOf } from './product-photo-repository.js';
import { paginationOf } from '../../db/paging.js';

type Db = Kysely<Database>;

/** Owner views of many products in the order of `ids` (with the moderation notice of a product a moderator hid), in a fixed number of queries. */
export async function loadOwnProducts(db: Db, ids: readonly number[], language: MailLanguage): Promise<OwnProduct[]> {
  if (ids.length === 0) return [];
  const [summaries, photos, links] = await Promise.all([
    loadProductSummaries(db, ids),
    photosOf(db, ids),
    db.selectFrom('products').select(['id', 'link_hacoo', 'link_dhgate', 'link_cnfans']).where('id', 'in', ids).execute(),
  ]);
  const linksById = new Map(links.map(({ id, ...rest }) => [id, rest]));
  // The owner reads why a moderator hid a product, and how their appeal stands.
  const notices = await moderationNotices(db, summaries, language);
  return summaries.flatMap((summary) => {
    const own = linksById.get(summary.id);
    return own ? [{ ...summary, photos: photos.get(summary.id) ?? [], moderation: notices.get(summary.id) ?? null, ...own }] : [];
  });
}

/** "My products": every product of the user, hidden ones too (they can still be edited or deleted), newest first. */
export async function pageOfOwnProducts(db: Db, userId: number, page: number, perPage: number, language: MailLanguage): Promise<{ data: OwnProduct[]; pagination: Pagination }> {
  const mine = db.selectFrom('products').where('user_id', '=', userId);
  const [rows, counted] = await Promise.all([
    mine.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    mine.select(countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  const data = await loadOwnProducts(db, rows.map((r) => r.id), language);
  return { data, pagination: paginationOf(Number(counted.total), data.length, page, perPage) };
}
