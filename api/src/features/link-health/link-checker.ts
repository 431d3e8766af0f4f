import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dispatcher } from 'undici';
import type { LinkAllowlists, LinkCheckConfig } from '../../config.js';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../db/sql-helpers.js';
import { databaseUnavailableReason } from '../../db/unavailable.js';
import { WakeableSleep } from '../../lib/wakeable-sleep.js';
import { latestDecisions } from '../moderation/decision-repository.js';
import { checkLink, type LinkCheckOutcome } from './check-link.js';
import { type Claim, claimOnHost, hostsWaiting, makeDueNow, productVisibility, pruneCheckLog, releaseClaim } from './claim-repository.js';
import { type ProductChange, recordCheck } from './check-repository.js';
import { nextRoundAt } from './schedule.js';
import { SendSpacing } from './send-spacing.js';

/** Longest sleep between looks at the schedule: another instance's report or a new upload waits at most this. */
const POLL_MS = 5_000;
const HOUR_MS = 60 * 60_000;

export interface LinkCheckerOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  config: LinkCheckConfig;
  allowlists: LinkAllowlists;
  log: FastifyBaseLogger;
  /** Tests send the stores' hosts to a local fake; otherwise check-link's, which connects to public addresses only. */
  dispatcher?: Dispatcher;
  /** Told after commit when a check hid or restored a product (the uploader's mail). */
  onProductChange(change: ProductChange): Promise<void>;
}

/**
 * Checks every store link on its schedule, on a loop beside the API. Several instances on one PostgreSQL
 * database share the work through leases on the links (claims.ts); the stores' hosts see at most
 * `hostConcurrency` requests at once and one start per `hostDelayMs`, across all instances.
 *
 * Written here rather than on a job queue: pg-boss 12 and graphile-worker 0.18 need Node 22 (this runs on
 * 20), SQLite needs the same scheduling in-process anyway, and neither queue limits requests per host
 * across instances or holds a host back for a Retry-After; the schedule is one table with a lease column.
 */
export class LinkChecker {
  readonly owner = randomUUID();
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly pause = new WakeableSleep();
  private wakeRequested = false;
  /** The database part of checks in flight; closing waits for it (the HTTP part is abandoned: leases run out). */
  private readonly recording = new Set<Promise<unknown>>();
  private lastPrune = 0;
  private readonly spacing: SendSpacing;

  constructor(private readonly options: LinkCheckerOptions) {
    this.spacing = new SendSpacing(options.config.hostDelayMs);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.recording]);
  }

  /** A broken-link report: check the product's links now rather than at their moment of the round. */
  async checkSoon(productId: number): Promise<void> {
    if (await makeDueNow(this.options.db, productId)) this.wake();
  }

  /** Looks at the schedule again now, or straight after the look in progress (whose answer may predate the change). */
  wake(): void {
    this.wakeRequested = true;
    this.pause.wake();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.wakeRequested = false;
      let sleepMs = POLL_MS;
      try {
        sleepMs = await this.claimWhatIsDue();
        await this.pruneHistory();
      } catch (error) {
        // The database away is logged by the API already (and answered 503): the checker just tries again.
        const unavailable = databaseUnavailableReason(error);
        if (unavailable) this.options.log.warn({ reason: unavailable }, 'link checker: database unavailable, retrying');
        else this.options.log.error({ err: error }, 'link checker: looking at the schedule failed');
      }
      if (!this.running) break;
      if (this.wakeRequested) continue;
      await this.pause.sleep(sleepMs);
    }
  }

  /** Starts the checks that may start now; returns how long to sleep before looking again. */
  private async claimWhatIsDue(): Promise<number> {
    const { db, dialect, config } = this.options;
    const limits = { concurrency: config.hostConcurrency, delayMs: config.hostDelayMs, leaseMs: config.timeoutMs * 2 + 30_000 };
    const now = Date.now();
    let wakeAt = now + POLL_MS;
    for (const { host, startAt } of await hostsWaiting(db, now)) {
      if (startAt > now) {
        wakeAt = Math.min(wakeAt, startAt);
        continue;
      }
      // Each claim moves the host's next start on by the delay; with no delay, fill its concurrency.
      for (let i = 0; i < config.hostConcurrency && this.running; i += 1) {
        const claim = await claimOnHost(db, dialect, this.owner, host, limits);
        if (!claim) break;
        void this.check(claim);
        if (config.hostDelayMs > 0) {
          wakeAt = Math.min(wakeAt, Date.now() + config.hostDelayMs);
          break;
        }
      }
    }
    return Math.max(wakeAt - Date.now(), 10);
  }

  private async check(claim: Claim): Promise<void> {
    const { db, dialect, config, allowlists, dispatcher, log } = this.options;
    try {
      const watched = await this.track(this.watching(claim));
      let outcome: LinkCheckOutcome | null = null;
      if (watched !== 'no') {
        await this.spacing.wait(claim.host);
        outcome = await checkLink(claim.platform, claim.url, { allowlist: allowlists[claim.platform], timeoutMs: config.timeoutMs, userAgent: config.userAgent, dispatcher });
      }
      if (!this.running) return;
      // A visible product whose link works has nothing to follow from it: its verdict alone is recorded.
      const settled = watched === 'visible' && outcome?.result === 'ok';
      const result = await this.track(outcome ? recordCheck(db, dialect, config, this.owner, claim, outcome, { settled }) : this.skip(claim));
      if (result?.change) await this.options.onProductChange(result.change);
      if (outcome) log.debug({ product: claim.productId, platform: claim.platform, ...summary(outcome) }, 'link checked');
    } catch (error) {
      // Unrecorded, the check is taken again once its lease runs out.
      const unavailable = databaseUnavailableReason(error);
      if (unavailable) log.warn({ reason: unavailable, product: claim.productId }, 'link checker: database unavailable, check not recorded');
      else log.error({ err: error, product: claim.productId, platform: claim.platform }, 'link checker: a check failed');
    } finally {
      this.wake();
    }
  }

  /** Database work that closing the app waits for. */
  private track<T>(work: Promise<T>): Promise<T> {
    this.recording.add(work);
    return work.finally(() => this.recording.delete(work));
  }

  /** A visible product, or one the checker hid (to bring it back); not one hidden by a moderator or a suspension. */
  private async watching(claim: Claim): Promise<'visible' | 'hidden by the checker' | 'no'> {
    const product = await productVisibility(this.options.db, claim.productId);
    if (!product) return 'no';
    if (product.hidden === 0) return 'visible';
    return (await latestDecisions(this.options.db, [claim.productId])).get(claim.productId)?.action === 'link_hide' ? 'hidden by the checker' : 'no';
  }

  /** An unwatched product's link waits for its next round, unchecked. */
  private async skip(claim: Claim): Promise<null> {
    const next = nextRoundAt(claim.productId, claim.platform, Date.now(), this.options.config.intervalMs);
    await releaseClaim(this.options.db, claim, this.owner, next);
    return null;
  }

  /** Keeps the console's history to LINK_HISTORY_DAYS; at most hourly, and harmless when instances overlap. */
  private async pruneHistory(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < HOUR_MS) return;
    this.lastPrune = now;
    const before = toIso(now - this.options.config.historyDays * 24 * HOUR_MS);
    await pruneCheckLog(this.options.db, before);
  }
}

function summary(outcome: LinkCheckOutcome) {
  return { result: outcome.result, reason: outcome.reason, status: outcome.httpStatus };
}
