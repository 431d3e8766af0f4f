import type { Kysely } from 'kysely';
import type { RatesConfig } from '../../config.js';
import { databaseUnavailableReason } from '../../db/unavailable.js';
import type { Database } from '../../db/schema.js';
import { WakeableSleep } from '../../lib/wakeable-sleep.js';
import { fetchRates } from './fetch-rates.js';
import { type RatesWrite, writeRates } from './rates-repository.js';

export type RefreshOutcome = RatesWrite | 'failed';

/** What the refresher logs through (app.log). */
export interface RatesLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RatesRefresherOptions {
  db: Kysely<Database>;
  config: RatesConfig;
  userAgent: string;
  log: RatesLog;
  /** After new rates were written: what this process cached at the old ones is stale. */
  onChange?: () => void;
}

/**
 * Fetches the reference rates at start and then every `refreshMs`, and keeps them (rates-repository.ts). Any
 * failure (network, HTTP error, a bad document, the database away) is one log line, and the last good rates stay.
 * Each instance runs its own: the writes are idempotent, and the ECB's document changes once a working day.
 */
export class RatesRefresher {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly pause = new WakeableSleep();
  private readonly stopping = new AbortController();

  constructor(private readonly options: RatesRefresherOptions) {}

  /** Starts the loop; the first fetch starts now, without holding up whoever called. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Ends the loop, abandoning a fetch under way (the rates stay as they were). */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    this.pause.wake();
    await this.loop;
  }

  /** One fetch and write; what came of it. */
  async refresh(): Promise<RefreshOutcome> {
    const { db, config, userAgent, log } = this.options;
    const fetched = await fetchRates({ url: config.url, timeoutMs: config.timeoutMs, userAgent }, this.stopping.signal);
    if (!fetched.ok) {
      if (!this.stopping.signal.aborted) log.warn({ source: config.url, reason: fetched.reason }, 'exchange rates: fetch failed, keeping the last good rates');
      return 'failed';
    }
    try {
      const written = await writeRates(db, fetched, new Date().toISOString());
      if (written === 'changed') {
        log.info({ date: fetched.date }, 'exchange rates: new rates');
        this.options.onChange?.();
      }
      return written;
    } catch (error) {
      const unavailable = databaseUnavailableReason(error);
      log.warn({ reason: unavailable ?? (error instanceof Error ? error.message : String(error)) }, 'exchange rates: could not keep the fetched rates, keeping the last good rates');
      return 'failed';
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      await this.refresh();
      if (!this.running) break;
      await this.pause.sleep(this.options.config.refreshMs);
    }
  }
}
