import type { AuditEntry } from '@linkhunt/contracts/moderation';
import type { Role } from '@linkhunt/contracts/user';
import { findProductOr404 } from '../../db/product-lookup.js';
import { fromSiteAt } from '../../test/site-origin.js';
import type { TestApp, TestResponse } from '../../test/test-app.js';
import { setRole as writeRole } from './account-repository.js';

/** Test helpers of the moderation tests (an app made with `trustProxy: TRUSTED_LOOPBACK`, so that each address is a visitor). */

export const STATEMENT = 'The store link leads to a counterfeit of a protected brand.';

export async function setRole(t: Pick<TestApp, 'app'>, userId: number, role: Role): Promise<void> {
  await writeRole(t.app.db, userId, role);
}

let visitor = 0;
/** A report from a new anonymous visitor (a new address), from the site's pages. */
export function reportAsVisitor(t: Pick<TestApp, 'request'>, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<TestResponse> {
  visitor += 1;
  return t.request('POST', '/products/report', { json: body, headers: fromSiteAt(`198.51.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`, headers) });
}

export const hide = (t: Pick<TestApp, 'request'>, token: string, productId: number, statement = STATEMENT) =>
  t.request('POST', `/admin/products/${productId}/hide`, { token, json: { statement } });

/** The newest audit entries (as the console reads them), optionally filtered. */
export async function auditEntries(t: Pick<TestApp, 'request'>, token: string, query = ''): Promise<AuditEntry[]> {
  const res = await t.request('GET', `/admin/audit${query ? `?${query}` : ''}`, { token });
  if (res.status !== 200) throw new Error(`audit: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.results.data as AuditEntry[];
}

export async function productHidden(t: Pick<TestApp, 'app'>, productId: number): Promise<number> {
  const { hidden } = await findProductOr404(t.app.db, productId, ['hidden']);
  return hidden;
}
