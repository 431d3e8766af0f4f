import pLimit, { type LimitFunction } from 'p-limit';

/**
 * Page requests handled at once per client; the client's others wait their turn (in order, costing nothing while
 * they wait). The event loop serves whatever is ready first come, first served, so 64 connections of one flood
 * each had a request under way, and a visitor's request waited behind all of them at every step (measured: p95
 * 0.9 s at 64 connections). With a few turns per client, the flood's requests wait in its own line instead.
 */
export class ClientTurns {
  private readonly lines = new Map<string, { limit: LimitFunction; users: number }>();

  constructor(private readonly perClient: number) {}

  /** Waits for one of `client`'s turns; call the function it resolves with once the request is answered. */
  take(client: string): Promise<() => void> {
    let line = this.lines.get(client);
    if (!line) {
      line = { limit: pLimit(this.perClient), users: 0 };
      this.lines.set(client, line);
    }
    const taken = line;
    taken.users++;
    return new Promise((resolveTurn) => {
      void taken.limit(
        () =>
          new Promise<void>((done) => {
            let ended = false;
            resolveTurn(() => {
              if (ended) return;
              ended = true;
              done();
              if (--taken.users === 0 && this.lines.get(client) === taken) this.lines.delete(client);
            });
          }),
      );
    });
  }
}
