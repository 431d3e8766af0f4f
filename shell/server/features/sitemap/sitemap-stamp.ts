import type { SitemapStamp } from '@linkhunt/contracts/sitemap';

/** A stamp read that takes longer than this is given up: the sitemap request is waiting for it. */
const STAMP_TIMEOUT_MS = 1_000;

/**
 * The API's stamp of what the sitemap lists (GET /sitemap/stamp), or null when it cannot be read or is not
 * the documented shape (an API that is down or predates the route): then whoever asked keeps what it has.
 */
export async function readSitemapStamp(apiUrl: string, signal?: AbortSignal): Promise<string | null> {
  const timeout = AbortSignal.timeout(STAMP_TIMEOUT_MS);
  try {
    const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/sitemap/stamp`, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return null;
    }
    const stamp: unknown = ((await response.json()) as Partial<SitemapStamp> | null)?.results?.data?.stamp;
    return typeof stamp === 'string' && stamp !== '' ? stamp : null;
  } catch {
    return null;
  }
}

export interface StampWatchOptions {
  read(): Promise<string | null>;
  /** How long one answer stands for every request; default 1 s. */
  intervalMs?: number;
  now?: () => number;
}

/**
 * The current stamp, read at most once per interval however many requests ask: concurrent requests share
 * one read, and the requests of the next interval its answer (a failed read too, so an API that is down is
 * not asked once per request).
 */
export class StampWatch {
  readonly #options: StampWatchOptions;
  readonly #now: () => number;
  #last: { stamp: string | null; at: number } | undefined;
  #reading: Promise<string | null> | undefined;

  constructor(options: StampWatchOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** A stamp read by other means (a build's own), as fresh as a read of this watch's. */
  observe(stamp: string | null): void {
    if (stamp !== null) this.#last = { stamp, at: this.#now() };
  }

  current(): Promise<string | null> {
    if (this.#last && this.#now() < this.#last.at + (this.#options.intervalMs ?? 1_000)) return Promise.resolve(this.#last.stamp);
    this.#reading ??= this.#options
      .read()
      .catch(() => null)
      .then((stamp) => {
        this.#last = { stamp, at: this.#now() };
        return stamp;
      })
      .finally(() => {
        this.#reading = undefined;
      });
    return this.#reading;
  }
}
