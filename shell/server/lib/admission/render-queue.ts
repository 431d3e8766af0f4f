import pLimit, { type LimitFunction } from 'p-limit';

export interface RenderQueueOptions {
  /** Renders under way at once (the rest wait their turn). */
  concurrency: number;
  /** Renders that may wait for a turn; past them a render is refused. */
  maxWaiting: number;
  /** Renders (under way and waiting) one client may hold: what is left is for everyone else. */
  clientShare: number;
}

/**
 * Renders behind a bounded queue with a share per client. p-limit runs them `concurrency` at a time; this class
 * adds what p-limit has no notion of: refusing at once (rather than queueing without end) once the queue is full
 * or the client holds its share, so the caller can answer from the cache or with a quick 503 instead.
 */
export class RenderQueue {
  private readonly limit: LimitFunction;
  private readonly held = new Map<string, number>();
  private total = 0;

  constructor(private readonly options: RenderQueueOptions) {
    this.limit = pLimit(options.concurrency);
  }

  /** Every render slot is taken: a render started now would wait. */
  get busy(): boolean {
    return this.total >= this.options.concurrency;
  }

  /** Whether `client` may start a render now. */
  admits(client: string): boolean {
    return this.total < this.options.concurrency + this.options.maxWaiting && (this.held.get(client) ?? 0) < this.options.clientShare;
  }

  /** Runs `task` in its turn; throws RenderRefused when `admits(client)` is false. */
  run<T>(client: string, task: () => Promise<T>): Promise<T> {
    if (!this.admits(client)) throw new RenderRefused();
    this.total++;
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
    return this.limit(task).finally(() => {
      this.total--;
      const left = (this.held.get(client) ?? 1) - 1;
      if (left === 0) this.held.delete(client);
      else this.held.set(client, left);
    });
  }
}

/** The render queue is full, or the client holds its share of it. */
export class RenderRefused extends Error {
  override name = 'RenderRefused';
}
