import type { SelectQueryBuilder } from 'kysely';
import type { Pagination } from '@linkhunt/contracts/common';
import type { Database } from './schema.js';
import { countAll } from './sql-helpers.js';

/**
 * One page of the rows of a query (already filtered and ordered), and how many rows the whole query
 * has: the count runs on the same filter without the order.
 */
export async function pageOfRows<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  page: number,
  perPage: number,
): Promise<{ rows: O[]; total: number }> {
  const [rows, counted] = await Promise.all([
    query.limit(perPage).offset((page - 1) * perPage).execute(),
    query.clearSelect().clearOrderBy().select(countAll().as('total')).executeTakeFirstOrThrow() as Promise<{ total: number }>,
  ]);
  return { rows, total: Number(counted.total) };
}

export function paginationOf(total: number, count: number, page: number, perPage: number): Pagination {
  return { total, count, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) };
}
