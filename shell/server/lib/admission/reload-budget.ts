/**
 * How many cache-bypassing requests (a reload's `Cache-Control: no-cache` or `max-age=0`) each client may make
 * per window; past that its reloads get the page kept. Home-made because the limit does not refuse anything, it
 * changes what the request is answered with (@fastify/rate-limit can only answer 429). A fixed window: the
 * counts are dropped whole at its end, so the map never outlives one window of clients, and it stops taking new
 * clients at `maxClients` (they get the kept page, as over their limit).
 */
export class ReloadBudget {
  private readonly used = new Map<string, number>();
  private windowStart = Date.now();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly maxClients = 100_000,
  ) {}

  /** Takes one of `client`'s reloads; false when it has none left in this window. */
  take(client: string): boolean {
    const now = Date.now();
    if (now - this.windowStart >= this.windowMs) {
      this.used.clear();
      this.windowStart = now;
    }
    const used = this.used.get(client) ?? 0;
    if (used >= this.perWindow || (used === 0 && this.used.size >= this.maxClients)) return false;
    this.used.set(client, used + 1);
    return true;
  }
}
