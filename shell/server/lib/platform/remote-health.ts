import type { VersionHealth } from '@linkhunt/contracts/platform-health';
import type { RemoteId, RemotesManifest } from '@linkhunt/contracts/remotes';
import { LRUCache } from 'lru-cache';

/** When a watched version counts as unhealthy (HEALTH_MAX_ERROR_RATE, HEALTH_MIN_VIEWS) and how long a watch lasts. */
export interface HealthThresholds {
  maxErrorRate: number;
  minViews: number;
  watchMs: number;
}

/** A deploy or canary under watch: `act` rolls it back (or aborts the canary) once, if it turns unhealthy in time. */
export interface Watch {
  remote: RemoteId;
  entry: string;
  until: number;
  action: 'rollback' | 'abort-canary';
  act: (health: VersionHealth) => Promise<void>;
}

interface Counts {
  since: number;
  views: number;
  load: number;
  render: number;
  serverFailures: number;
}

const key = (remote: RemoteId, entry: string) => `${remote} ${entry}`;

/**
 * What each remote version met on this shell server: page views (the denominator), client errors beaconed by
 * browsers, server-render failures. In memory, per server process: a restart starts the counts again, which is
 * fine for what they decide (a watch lasts minutes after a deploy). Versions are kept least recently counted out,
 * at most 500, so a stream of made-up entries cannot grow it.
 */
export class RemoteHealthCounts {
  private readonly counts = new LRUCache<string, Counts>({ max: 500 });
  private readonly watches = new Map<RemoteId, Watch>();

  constructor(
    readonly thresholds: HealthThresholds,
    private readonly log: (message: string) => void,
  ) {}

  /** A page sent pinned with `manifest` whose area is `remote`'s. */
  view(manifest: RemotesManifest, remote: RemoteId): void {
    // A remotes.json edited by hand may leave a remote out: its page then has no version to count.
    const entry = manifest[remote]?.entry;
    if (entry) this.bump(remote, entry, 'views');
  }

  /** A server render of `remote`'s page, pinned with `manifest`, met an error. */
  serverFailure(manifest: RemotesManifest, remote: RemoteId): void {
    const entry = manifest[remote]?.entry;
    if (entry) this.bump(remote, entry, 'serverFailures');
  }

  /** A browser's beacon; refused (false) for a version this server never served, so nobody can make one up. */
  clientError(remote: RemoteId, entry: string, kind: 'load' | 'render'): boolean {
    if (!this.counts.has(key(remote, entry))) return false;
    this.bump(remote, entry, kind);
    return true;
  }

  versions(remote: RemoteId): VersionHealth[] {
    return [...this.counts.entries()].flatMap(([name, counts]) => (name.startsWith(`${remote} `) ? [health(name.slice(remote.length + 1), counts)] : []));
  }

  /** Starts watching a version just deployed (or given as a canary); a new watch of the remote replaces the old. */
  watch(watch: Watch): void {
    // Counted afresh: what the entry met before (an earlier deploy of it) is not what it meets now. A watch of the
    // same version again (a canary's percentage raised) keeps its counts.
    if (this.watching(watch.remote)?.entry !== watch.entry) this.counts.set(key(watch.remote, watch.entry), { since: Date.now(), views: 0, load: 0, render: 0, serverFailures: 0 });
    this.watches.set(watch.remote, watch);
  }

  watching(remote: RemoteId): Watch | undefined {
    const watch = this.watches.get(remote);
    if (watch && watch.until <= Date.now()) this.watches.delete(remote);
    return this.watches.get(remote);
  }

  /** Ends a remote's watch (its version was replaced by hand or by another deploy). */
  unwatch(remote: RemoteId): void {
    this.watches.delete(remote);
  }

  private bump(remote: RemoteId, entry: string, what: Exclude<keyof Counts, 'since'>): void {
    const name = key(remote, entry);
    const counts = this.counts.get(name) ?? { since: Date.now(), views: 0, load: 0, render: 0, serverFailures: 0 };
    counts[what] += 1;
    this.counts.set(name, counts);
    const watch = this.watching(remote);
    if (!watch || watch.entry !== entry) return;
    const now = health(entry, counts);
    if (now.views < this.thresholds.minViews || now.errorRate <= this.thresholds.maxErrorRate) return;
    // Once: the watch ends as its action begins.
    this.watches.delete(remote);
    this.log(`${remote} ${entry} is unhealthy (${now.clientErrors.load + now.clientErrors.render} client errors and ${now.serverFailures} server failures in ${now.views} views): ${watch.action}`);
    watch.act(now).catch((error: unknown) => this.log(`${watch.action} of ${remote} after its health check failed: ${String(error)}`));
  }
}

function health(entry: string, { since, views, load, render, serverFailures }: Counts): VersionHealth {
  return {
    entry,
    since: new Date(since).toISOString(),
    views,
    clientErrors: { load, render },
    serverFailures,
    errorRate: views === 0 ? 0 : (load + render + serverFailures) / views,
  };
}
