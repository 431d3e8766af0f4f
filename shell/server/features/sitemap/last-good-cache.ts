/** What the cache can give: a value built within its lifetime, the last good one, or nothing yet. */
export type CacheAnswer<T> =
  | { state: 'fresh'; value: T }
  /** The last value that was built, kept because building a new one failed. */
  | { state: 'stale'; value: T }
  | { state: 'unavailable'; retryAfterSeconds: number };

export interface LastGoodCacheOptions<T> {
  /** Builds a value; the signal aborts when the cache is closed. */
  build(signal: AbortSignal): Promise<T>;
  /** How long a built value is given out before the next request builds again. */
  ttlMs: number;
  /** After a failed build, how long requests get the last value (or nothing) before one builds again. */
  retryMs: number;
  onError(error: unknown): void;
  now?: () => number;
}

/**
 * One value, built on demand and kept for `ttlMs`. Requests that find it expired wait for one shared
 * build rather than each starting their own. A failed build keeps the last good value, and for `retryMs`
 * no request tries again, so a source that is down is not asked once per request.
 */
export class LastGoodCache<T> {
  readonly #options: LastGoodCacheOptions<T>;
  readonly #now: () => number;
  readonly #closing = new AbortController();
  #value: { value: T; builtAt: number } | undefined;
  #failedAt: number | undefined;
  #building: Promise<boolean> | undefined;

  constructor(options: LastGoodCacheOptions<T>) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  async get(): Promise<CacheAnswer<T>> {
    const now = this.#now();
    if (this.#value && now < this.#value.builtAt + this.#options.ttlMs) return { state: 'fresh', value: this.#value.value };
    const waiting = this.#failedAt !== undefined && now < this.#failedAt + this.#options.retryMs;
    // A build this request waited for counts as fresh even with a lifetime of 0.
    if (!waiting && (await this.#refresh()) && this.#value) return { state: 'fresh', value: this.#value.value };
    if (this.#value) return { state: 'stale', value: this.#value.value };
    const retryAt = (this.#failedAt ?? this.#now()) + this.#options.retryMs;
    return { state: 'unavailable', retryAfterSeconds: Math.max(1, Math.ceil((retryAt - this.#now()) / 1000)) };
  }

  /**
   * Makes the value expire now: the next get builds again, and the value stays the last good one should
   * that build fail. Given `value`, only if that is still the cache's value (not one built meanwhile).
   */
  expire(value?: T): void {
    if (value !== undefined && this.#value?.value !== value) return;
    if (this.#value) this.#value = { value: this.#value.value, builtAt: -Infinity };
  }

  /** Aborts a build in progress; the cache gives out what it has from then on. */
  close(): void {
    this.#closing.abort();
  }

  #refresh(): Promise<boolean> {
    this.#building ??= this.#options
      .build(this.#closing.signal)
      .then(
        (value) => {
          this.#value = { value, builtAt: this.#now() };
          this.#failedAt = undefined;
          return true;
        },
        (error: unknown) => {
          this.#failedAt = this.#now();
          if (!this.#closing.signal.aborted) this.#options.onError(error);
          return false;
        },
      )
      .finally(() => {
        this.#building = undefined;
      });
    return this.#building;
  }
}
