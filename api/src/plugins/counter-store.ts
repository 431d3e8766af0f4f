/** Where a key's window stands after a hit: hits so far, and when (epoch ms) the window closes. */
export interface CounterState {
  count: number;
  resetAt: number;
}

/**
 * Counts hits per key in fixed windows, each opened by the key's first hit. Two asynchronous calls, so a
 * store shared by several API processes (Redis: INCR, then PEXPIRE on the first hit) can stand behind them.
 */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<CounterState>;
  reset(key: string): Promise<void>;
}

/** One process's counters. Expired windows are swept now and then, and the map is capped, so a flood of keys cannot grow it without end. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, CounterState>();
  private nextSweep = 0;

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, windowMs: number): Promise<CounterState> {
    const now = this.now();
    this.sweep(now);
    const current = this.windows.get(key);
    if (current && current.resetAt > now) {
      current.count += 1;
      return { ...current };
    }
    if (current) this.windows.delete(key);
    // At the cap, the oldest window goes: insertion order is the order windows were opened.
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next();
      if (!oldest.done) this.windows.delete(oldest.value);
    }
    const opened = { count: 1, resetAt: now + windowMs };
    this.windows.set(key, opened);
    return { ...opened };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, state] of this.windows) if (state.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * A shared store (Redis) backed by this process's memory: while the shared one fails, counting goes on here,
 * so an outage weakens a limit to per-instance instead of lifting it (the failed-sign-in limit guards passwords).
 */
export class FallbackCounterStore implements CounterStore {
  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  async hit(key: string, windowMs: number): Promise<CounterState> {
    try {
      return await this.primary.hit(key, windowMs);
    } catch (error) {
      this.onError(error);
      return this.fallback.hit(key, windowMs);
    }
  }

  /** Both: a count made here during an outage must not outlive the success that cleared it. */
  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    try {
      await this.primary.reset(key);
    } catch (error) {
      this.onError(error);
    }
  }
}
