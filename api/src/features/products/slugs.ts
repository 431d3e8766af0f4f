import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { foldText } from '../search/index-repository.js';
import { productSlugTaken } from './product-repository.js';

const MAX_BASE_LENGTH = 80;

/** "Pantalón Vaquero (Azul)!" -> "pantalon-vaquero-azul": readable in a shared URL, in any language. */
export function slugify(title: string): string {
  const base = foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/-+$/, '');
  return base || 'product';
}

export function withSuffix(base: string): string {
  return `${base}-${randomBytes(4).toString('hex').slice(0, 6)}`;
}

/**
 * The title's slug, or the slug with a short random suffix when it is taken. The unique index still
 * decides a race between two uploads of the same title; the caller retries with `withSuffix` then.
 */
export async function freeSlugFor(db: Kysely<Database>, title: string): Promise<string> {
  const base = slugify(title);
  for (const candidate of [base, withSuffix(base), withSuffix(base)]) {
    if (!(await productSlugTaken(db, candidate))) return candidate;
  }
  return withSuffix(base);
}
