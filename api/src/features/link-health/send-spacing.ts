/**
 * Keeps one instance's requests to each host at least the delay apart as they leave, not only as they are
 * claimed: the reads and commits between a claim and its request take varying time (SQLite's one connection
 * queues them), which let two requests of claims the delay apart reach the store 44 ms apart in the benchmark.
 * Each send waits for the one before it to have left, then for the delay from when it really left: spaced from
 * when they were asked, a timer that fired late (the event loop held by a query, under load) let the next send
 * follow it closer than the delay, and two requests reached a store 95 ms apart with a delay of 150.
 */
export class SendSpacing {
  /** Per host, when its latest send left (or will). */
  private readonly lastLeft = new Map<string, Promise<number>>();

  constructor(private readonly delayMs: number) {}

  /** Resolves when a request to `host` may leave. */
  async wait(host: string): Promise<void> {
    const left = (this.lastLeft.get(host) ?? Promise.resolve(-Infinity)).then(async (before) => {
      const at = before + this.delayMs;
      // A timer may fire a millisecond before Date.now() reaches its time.
      while (Date.now() < at) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
      return Date.now();
    });
    this.lastLeft.set(host, left);
    await left;
  }
}
