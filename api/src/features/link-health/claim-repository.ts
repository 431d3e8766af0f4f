import type { Kysely } from 'kysely';
import type { Store } from '@linkhunt/contracts/limits';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { countAll, nowIso, toIso } from '../../db/sql-helpers.js';

type Db = Kysely<Database>;

/** A link this instance holds the lease on until it records its check (or the lease runs out). */
export interface Claim {
  productId: number;
  platform: Store;
  url: string;
  host: string;
}

export interface HostLimits {
  concurrency: number;
  delayMs: number;
  leaseMs: number;
}

/**
 * Each host with links waiting, and when the next may start there: the later of the host's next start
 * (politeness delay, Retry-After) and its earliest due link that no instance holds.
 */
export async function hostsWaiting(db: Db, now: number): Promise<{ host: string; startAt: number }[]> {
  const rows = await db
    .selectFrom('link_check_hosts as h')
    .select((eb) => [
      'h.host',
      'h.next_start_at',
      eb
        .selectFrom('link_checks as lc')
        .select((e) => e.fn.min('lc.next_check_at').as('due'))
        .whereRef('lc.host', '=', 'h.host')
        .where((e) => e.or([e('lc.lease_until', 'is', null), e('lc.lease_until', '<=', toIso(now))]))
        .as('due_at'),
    ])
    .execute();
  return rows.flatMap((r) => {
    if (r.due_at === null || r.due_at === undefined) return [];
    return [{ host: r.host, startAt: Math.max(Date.parse(toIso(r.next_start_at)), Date.parse(toIso(r.due_at))) }];
  });
}

/**
 * Takes the lease on the host's most overdue link, if the host may take one more request now. On
 * PostgreSQL the host's row is locked for the few statements this takes, so that instances claiming on
 * one host take turns and the concurrency and delay hold across all of them; SKIP LOCKED keeps them off
 * each other's links. On SQLite every write transaction takes the file's write lock when it begins
 * (db/connect.ts), so API processes sharing one file claim one after another just the same.
 */
export async function claimOnHost(db: Db, dialect: DialectName, owner: string, host: string, limits: HostLimits): Promise<Claim | null> {
  const pg = dialect === 'postgres';
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const hostQuery = trx.selectFrom('link_check_hosts').select('next_start_at').where('host', '=', host);
    const hostRow = await (pg ? hostQuery.forUpdate() : hostQuery).executeTakeFirst();
    if (!hostRow || Date.parse(toIso(hostRow.next_start_at)) > now) return null;
    const inFlight = await trx
      .selectFrom('link_checks')
      .select(countAll().as('n'))
      .where('host', '=', host)
      .where('lease_until', '>', toIso(now))
      .executeTakeFirstOrThrow();
    if (Number(inFlight.n) >= limits.concurrency) return null;
    const dueQuery = trx
      .selectFrom('link_checks')
      .select(['product_id', 'platform', 'url'])
      .where('host', '=', host)
      .where('next_check_at', '<=', toIso(now))
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', toIso(now))]))
      .orderBy('next_check_at')
      .limit(1);
    const due = await (pg ? dueQuery.forUpdate().skipLocked() : dueQuery).executeTakeFirst();
    if (!due) return null;
    await trx
      .updateTable('link_checks')
      .set({ lease_owner: owner, lease_until: toIso(now + limits.leaseMs) })
      .where('product_id', '=', due.product_id)
      .where('platform', '=', due.platform)
      .execute();
    await trx.updateTable('link_check_hosts').set({ next_start_at: toIso(now + limits.delayMs) }).where('host', '=', host).execute();
    return { productId: due.product_id, platform: due.platform as Store, url: due.url, host };
  });
}

/** Holds the host back until `until` (a Retry-After), unless it is already held longer. */
export async function holdHost(trx: Db, host: string, until: number): Promise<void> {
  await trx.updateTable('link_check_hosts').set({ next_start_at: toIso(until) }).where('host', '=', host).where('next_start_at', '<', toIso(until)).execute();
}

/** A broken-link report: the product's links are checked as soon as their hosts allow. */
export async function makeDueNow(db: Db, productId: number): Promise<number> {
  const now = nowIso();
  const result = await db
    .updateTable('link_checks')
    .set({ next_check_at: now })
    .where('product_id', '=', productId)
    .where('next_check_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives a claimed link back unchecked, due again at `next` (epoch ms); only while this owner still holds it. */
export async function releaseClaim(db: Db, claim: Pick<Claim, 'productId' | 'platform'>, owner: string, next: number): Promise<void> {
  await db
    .updateTable('link_checks')
    .set({ next_check_at: toIso(next), lease_owner: null, lease_until: null })
    .where('product_id', '=', claim.productId)
    .where('platform', '=', claim.platform as Store)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Whether a product is hidden (undefined: it is gone), for the checker to decide whether to watch it. */
export async function productVisibility(db: Db, productId: number): Promise<{ hidden: number } | undefined> {
  return db.selectFrom('products').select(['hidden']).where('id', '=', productId).executeTakeFirst();
}

/** Drops the check history older than `before` (ISO). */
export async function pruneCheckLog(db: Db, before: string): Promise<void> {
  await db.deleteFrom('link_check_log').where('checked_at', '<', before).execute();
}
