import type { Kysely } from 'kysely';
import { DEFAULT_PER_PAGE } from '@linkhunt/contracts/limits';
import type { PageQuery } from '@linkhunt/contracts/common';
import type { ReceivedValorationsPage } from '@linkhunt/contracts/with-products';
import type { Database } from '../../db/schema.js';
import { contentLanguageOf, selectValorationsWithUser, toValoration } from '../products/product-repository.js';
import { pageOfRows, paginationOf } from '../../db/paging.js';

type Db = Kysely<Database>;

/** One page of the reviews of a user's visible products, by anyone, newest first, each with the product it is about. */
export async function receivedValorationsPage(db: Db, userId: number, query: PageQuery): Promise<ReceivedValorationsPage> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const received = selectValorationsWithUser(db)
    .innerJoin('products', 'products.id', 'valorations.product_id')
    .select(['products.id as product_id', 'products.slug as product_slug', 'products.title as product_title', 'products.language as product_language', 'products.thumbnail as product_thumbnail'])
    .where('products.user_id', '=', userId)
    .where('products.hidden', '=', 0)
    .orderBy('valorations.created_at', 'desc')
    .orderBy('valorations.id', 'desc');
  const { rows, total } = await pageOfRows(received, page, perPage);
  const data = rows.map((r) => ({
    ...toValoration(r),
    product: { id: r.product_id, slug: r.product_slug, title: r.product_title, language: contentLanguageOf(r.product_language), thumbnail: r.product_thumbnail },
  }));
  return { results: { data, meta: { pagination: paginationOf(total, data.length, page, perPage) } } };
}
