import type { Answer, Outgoing } from './http-client.js';

/** The kinds of request in the mix, each with the statuses a correct API may answer it with. */
export const KINDS = {
  list: { allowed: [200], rateLimited: false },
  product: { allowed: [200], rateLimited: false },
  search: { allowed: [200], rateLimited: false },
  profile: { allowed: [200], rateLimited: false },
  'my-favourites': { allowed: [200], rateLimited: false },
  /** GET /products/{id}: the store links, which count nothing. */
  links: { allowed: [200], rateLimited: false },
  /** POST /products/{id}/downloads: opening a store link. */
  download: { allowed: [200, 429], rateLimited: true },
  /** 429 past an account's favourite toggles a minute (RATE_LIMIT_FAVOURITE): the crowd account reaches it. */
  favourite: { allowed: [200, 429], rateLimited: false },
  review: { allowed: [200, 201], rateLimited: false },
  /** 429 only past the account's daily upload limit (checked in the mix). */
  upload: { allowed: [201, 429], rateLimited: false },
  visit: { allowed: [200, 429], rateLimited: true },
  report: { allowed: [200, 201, 429], rateLimited: true },
  contact: { allowed: [201, 429], rateLimited: true },
  'login-wrong': { allowed: [422, 429], rateLimited: true },
  register: { allowed: [201, 429], rateLimited: true },
  login: { allowed: [200], rateLimited: false },
} as const satisfies Record<string, { allowed: readonly number[]; rateLimited: boolean }>;

export type Kind = keyof typeof KINDS;

export const RATE_LIMITED_KINDS = (Object.keys(KINDS) as Kind[]).filter((kind) => KINDS[kind].rateLimited);

/** An answer the API should not have given, kept for the report. */
export interface Oddity {
  kind: Kind;
  request: string;
  status: number | 'no answer';
  detail: string;
  /** Seconds since the ledger was opened (the start of the run). */
  at: number;
}

/** The UTC day the API counts a download, a visit or a daily limit under (db/sql-helpers today()). */
export const utcDay = () => new Date().toISOString().slice(0, 10);

/**
 * Every answer of a run, by kind and status, and what the successful writes imply about the database:
 * the checks compare these expectations with the rows afterwards.
 */
export class Ledger {
  private readonly openedAt = performance.now();
  readonly statuses = new Map<Kind, Map<number, number>>();
  readonly latencies = new Map<Kind, number[]>();
  readonly oddities: Oddity[] = [];
  oddityCount = 0;
  transportErrors = 0;
  timeouts = 0;
  /** 429 answers without a Retry-After header. */
  without429RetryAfter = 0;

  /** Uploads answered 201: the product ids per uploader, and how many categories each was sent with. */
  readonly uploads = new Map<number, number[]>();
  readonly uploadCategories = new Map<number, number>();
  readonly uploadedSlugs: string[] = [];
  /** Reviews answered 201, per "user:product"; a second 201 for one pair would be a double write. */
  readonly firstReviews = new Map<string, number>();
  /** Per "user:product" of the users toggling their own favourites, the state the last answer reported. */
  readonly favouriteState = new Map<string, boolean>();
  /** Products the shared "crowd" account added from many connections at once (adds only). */
  readonly crowdFavourites = new Set<number>();
  /** Per product, the distinct "visitor|day" of the store-link openings answered 200. */
  readonly downloadVisitors = new Map<number, Set<string>>();
  /** Per product, the openings answered counted: true. */
  readonly countedDownloads = new Map<number, number>();
  /** Per profile owner (username), the visits answered counted: true. */
  readonly countedVisits = new Map<string, number>();
  /** Visits by the owner to their own profile that were counted (must stay 0). */
  ownVisitsCounted = 0;
  /** Reports answered 201, per product. */
  readonly newReports = new Map<number, number>();
  /** Contact messages answered 201, per sender email. */
  readonly contactMessages = new Map<string, number>();
  /** Accounts created by register answers of 201. */
  registered = 0;

  /** Counts an answer; true when its status is one the kind allows. */
  answer(kind: Kind, out: Outgoing, answer: Answer): boolean {
    const byStatus = this.statuses.get(kind) ?? new Map<number, number>();
    byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    this.statuses.set(kind, byStatus);
    const times = this.latencies.get(kind) ?? [];
    times.push(answer.ms);
    this.latencies.set(kind, times);
    if (answer.status === 429 && !answer.headers['retry-after']) this.without429RetryAfter += 1;
    const allowed: readonly number[] = KINDS[kind].allowed;
    if (allowed.includes(answer.status)) return true;
    this.odd({ kind, request: `${out.method} ${out.path}`, status: answer.status, detail: answer.text.slice(0, 300) });
    return false;
  }

  /** No answer: a refused or reset connection, or a timeout. */
  failed(kind: Kind, out: Outgoing, error: Error & { timedOut?: boolean }): void {
    if (error.timedOut) this.timeouts += 1;
    else this.transportErrors += 1;
    this.odd({ kind, request: `${out.method} ${out.path}`, status: 'no answer', detail: error.message });
  }

  /** An allowed status whose body contradicts what was asked (a favourite not set, an owner's visit counted). */
  odd(oddity: Omit<Oddity, 'at'>): void {
    this.oddityCount += 1;
    if (this.oddities.length < 20) this.oddities.push({ ...oddity, at: Math.round((performance.now() - this.openedAt) / 100) / 10 });
  }

  total(): number {
    let n = 0;
    for (const byStatus of this.statuses.values()) for (const count of byStatus.values()) n += count;
    return n;
  }

  countOf(kind: Kind, status: number): number {
    return this.statuses.get(kind)?.get(status) ?? 0;
  }

  serverErrors(): number {
    let n = 0;
    for (const byStatus of this.statuses.values()) for (const [status, count] of byStatus) if (status >= 500) n += count;
    return n;
  }
}

export const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
