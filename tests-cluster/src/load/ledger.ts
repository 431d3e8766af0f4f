/**
 * Every request of a load run with its outcome and its times, so that after a kill each failure can be held against
 * the moment of the kill: a failure is explained only by being in flight then (sent before the instance was gone,
 * unanswered before it was killed). The idea of api/reliability's ledger, kept per request rather than per count.
 */

export type Kind = 'read' | 'image' | 'upload' | 'page';

export interface Entry {
  kind: Kind;
  method: string;
  url: string;
  /** performance.now() when the request went out, and when its answer (or its failure) came. */
  startedAt: number;
  endedAt?: number;
  status?: number;
  /** No answer: refused, reset, timed out. */
  failure?: string;
  /** An upload's title: how the product is found again when its answer was lost. */
  title?: string;
  /** An upload answered 201: the product it made. */
  product?: { id: number; slug: string; image: string; thumbnail: string };
}

/** The statuses a healthy cluster answers each kind with. */
const EXPECTED: Record<Kind, readonly number[]> = { read: [200], image: [200], upload: [201], page: [200] };

/** A moment something was done to the cluster: from when it began to when it was over (a kill: signal sent, process gone). */
export interface Incident {
  what: string;
  from: number;
  to: number;
}

export interface Reconciliation {
  sent: number;
  /** Answered with a status the kind expects. */
  answered: number;
  /** Answered otherwise, or not at all. */
  failed: Entry[];
  /** Requests in flight at an incident (whatever their outcome). */
  inFlight: Entry[];
  /** Failures that were not in flight at an incident: each one is a fault of the cluster. */
  unexplained: Entry[];
  /** Still unsettled when the run ended: a request lost for good. */
  unsettled: Entry[];
}

export class Ledger {
  readonly entries: Entry[] = [];
  readonly incidents: Incident[] = [];
  readonly openedAt = performance.now();

  open(entry: Omit<Entry, 'startedAt'>): Entry {
    const opened: Entry = { ...entry, startedAt: performance.now() };
    this.entries.push(opened);
    return opened;
  }

  answered(entry: Entry, status: number): void {
    entry.endedAt = performance.now();
    entry.status = status;
  }

  failed(entry: Entry, failure: string): void {
    entry.endedAt = performance.now();
    entry.failure = failure;
  }

  /** Records what `act` does to the cluster, with its span. */
  async incident<T>(what: string, act: () => Promise<T>): Promise<T> {
    const from = performance.now();
    try {
      return await act();
    } finally {
      this.incidents.push({ what, from, to: performance.now() });
    }
  }

  /** Answers counted so far (of any status), for conditions such as "well into the run". */
  settledCount(kind?: Kind): number {
    return this.entries.filter((entry) => entry.endedAt !== undefined && (!kind || entry.kind === kind)).length;
  }

  static ok(entry: Entry): boolean {
    return entry.status !== undefined && EXPECTED[entry.kind].includes(entry.status);
  }

  /** Whether the request overlapped the incident: sent before it was over, not settled before it began. */
  static inFlightAt(entry: Entry, incident: Incident): boolean {
    return entry.startedAt <= incident.to && (entry.endedAt ?? Infinity) >= incident.from;
  }

  reconcile(): Reconciliation {
    const failed = this.entries.filter((entry) => entry.endedAt !== undefined && !Ledger.ok(entry));
    const inFlight = this.entries.filter((entry) => this.incidents.some((incident) => Ledger.inFlightAt(entry, incident)));
    return {
      sent: this.entries.length,
      answered: this.entries.filter((entry) => Ledger.ok(entry)).length,
      failed,
      inFlight,
      unexplained: failed.filter((entry) => !inFlight.includes(entry)),
      unsettled: this.entries.filter((entry) => entry.endedAt === undefined),
    };
  }

  /** Seconds since the ledger opened, for a report. */
  at(time: number): number {
    return Math.round((time - this.openedAt) / 100) / 10;
  }

  describe(entry: Entry): string {
    const outcome = entry.failure ?? `status ${entry.status ?? 'none'}`;
    return `${entry.kind} ${entry.method} ${entry.url} sent at ${this.at(entry.startedAt)} s, ${outcome}${entry.endedAt ? ` at ${this.at(entry.endedAt)} s` : ''}`;
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export interface KindFigures {
  requests: number;
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Requests, statuses and latencies per kind. */
export function figures(ledger: Ledger): Partial<Record<Kind, KindFigures>> {
  const byKind: Partial<Record<Kind, KindFigures>> = {};
  for (const kind of ['read', 'image', 'upload', 'page'] as const) {
    const entries = ledger.entries.filter((entry) => entry.kind === kind && entry.endedAt !== undefined);
    if (entries.length === 0) continue;
    const times = entries.map((entry) => (entry.endedAt ?? 0) - entry.startedAt).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const entry of entries) {
      const key = entry.failure ? 'no answer' : String(entry.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    const round = (ms: number) => Math.round(ms);
    byKind[kind] = { requests: entries.length, statuses, p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), maxMs: round(times.at(-1) ?? NaN) };
  }
  return byKind;
}
